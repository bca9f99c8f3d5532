package dev.capplanner.contracts.snapshotservice;

/** The registry's live decision, and the registry revision it was taken at. */
public record AuthorizationAnswer(String capability, boolean allowed, String reason, long registryRevision) {
}
