package dev.capplanner.contracts.trust;

/** A snapshot reference or body that cannot be trusted; the message says why, never what it held. */
public final class UntrustedSnapshotException extends RuntimeException {

    public UntrustedSnapshotException(String reason) {
        super(reason, null, false, false);
    }
}
