package dev.capplanner.eventbus.deadletters;

import java.util.Locale;

/**
 * What kind of fault sent a record to the dead letters, read from the reason the consumer gave (the
 * reasons' stable prefixes, see the runbook's "Dead letters"): the label operators alert on, where
 * the reason itself is too varied to be a metric label.
 */
public enum DeadLetterCause {
    /** Not a valid event: not JSON, an unknown schema version, a schema violation. */
    INVALID,
    /** A seal, hash or index did not verify ({@code untrusted <subject>: ...}): forged, stale or mis-keyed. */
    UNTRUSTED,
    /** A turn whose principal did not verify (answered, then dead-lettered). */
    UNAUTHENTICATED,
    /** The stage failed on a valid event ({@code processing failed: <exception>}). */
    FAILED,
    /** Any other refusal a stage gave for a valid event. */
    REFUSED;

    public static DeadLetterCause of(String reason) {
        if (reason == null) {
            return REFUSED;
        }
        if (reason.startsWith("untrusted ")) {
            return UNTRUSTED;
        }
        if (reason.startsWith("turn not authenticated")) {
            return UNAUTHENTICATED;
        }
        if (reason.startsWith("processing failed")) {
            return FAILED;
        }
        if (reason.startsWith("invalid JSON") || reason.startsWith("schema violation")
                || reason.startsWith("unknown schema version")) {
            return INVALID;
        }
        return REFUSED;
    }

    /** The metric label. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
