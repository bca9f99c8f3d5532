package dev.capplanner.contracts.trust;

/**
 * The snapshot service could not be asked (no answer, a timeout, an answer other than the body or
 * "unknown"): nothing is known about the snapshot yet, so the record waits and is tried again; it
 * is neither trusted nor rejected.
 */
public class SnapshotServiceUnavailableException extends RuntimeException {

    public SnapshotServiceUnavailableException(String message) {
        super(message);
    }
}
