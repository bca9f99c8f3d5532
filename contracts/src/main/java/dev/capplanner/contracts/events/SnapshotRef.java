package dev.capplanner.contracts.events;

/** Identity of an immutable per-run snapshot: {@code sha256:} of its canonical JSON, and its size. */
public record SnapshotRef(String hash, long sizeBytes, int capabilityCount, String tenantId, String projectId) {
}
