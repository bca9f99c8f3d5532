package dev.capplanner.snapshot.authorization;

import java.util.List;

/** Who a snapshot is cut for: the run's tenant and project, and the roles its principal holds. */
public record Audience(String tenantId, String projectId, List<String> roles) {
    public Audience {
        roles = List.copyOf(roles);
    }
}
