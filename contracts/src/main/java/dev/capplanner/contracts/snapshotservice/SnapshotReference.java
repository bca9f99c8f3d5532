package dev.capplanner.contracts.snapshotservice;

/** The audience's current snapshot, by reference: the body is {@code GET /snapshots/{hash}}. */
public record SnapshotReference(String hash, int sizeBytes, int capabilityCount, String tenantId, String projectId) {
}
