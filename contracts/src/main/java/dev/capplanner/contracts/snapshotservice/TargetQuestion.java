package dev.capplanner.contracts.snapshotservice;

/** {@code POST /targets}: where do the calls of this tenant's and project's target go? */
public record TargetQuestion(String tenantId, String projectId, String target) {
}
