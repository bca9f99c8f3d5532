package dev.capplanner.contracts.events;

/**
 * Identity of an immutable per-run snapshot: {@code sha256:} of its canonical JSON, its size, whose
 * it is, and the snapshot service's seal over run, conversation, principal, scope and hash (see
 * {@link dev.capplanner.contracts.trust.SnapshotSeals}), so a later stage can tell a snapshot the
 * service built for this run from one an event merely claims.
 */
public record SnapshotRef(String hash, long sizeBytes, int capabilityCount, String tenantId, String projectId,
                          String seal) {
}
