package dev.capplanner.contracts.snapshotservice;

import java.util.List;

/** {@code POST /snapshots}: whose snapshot, a tenant, a project and the principal's roles (optional). */
public record AudienceRequest(String tenantId, String projectId, List<String> roles) {
}
