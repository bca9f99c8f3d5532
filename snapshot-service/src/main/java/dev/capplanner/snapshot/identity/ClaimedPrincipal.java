package dev.capplanner.snapshot.identity;

import java.util.List;

/** Who a turn says it runs for: tenant, project, user and roles as its publisher wrote them. */
public record ClaimedPrincipal(String tenantId, String projectId, String userId, List<String> roles) {

    public ClaimedPrincipal {
        roles = List.copyOf(roles);
    }
}
