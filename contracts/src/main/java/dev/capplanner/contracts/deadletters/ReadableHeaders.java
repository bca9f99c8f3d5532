package dev.capplanner.contracts.deadletters;

import java.util.Set;

/**
 * Which headers of a dead letter stay readable for triage (rule "dead letters carry the reason"):
 * what the connector wrote about the failure (the reason, where the record came from, the
 * exception's class), and the identifiers a record carries (CloudEvents attributes such as the run id
 * in {@code ce_subject}, and the trace) when they look like identifiers: visible ASCII without
 * spaces, at most {@code maxBytes}. Everything else (an exception's message in
 * {@code dead-letter-cause}, a token, baggage, any header a producer added, an identifier that holds
 * text) is encrypted with the payload.
 */
public final class ReadableHeaders {

    /** Written by the connector about the failure; the reason names the fault and never quotes the payload. */
    static final Set<String> FAILURE = Set.of("dead-letter-reason", "dead-letter-topic", "dead-letter-partition",
            "dead-letter-offset", "dead-letter-exception-class-name", "dead-letter-cause-class-name");

    /** Copied from the failed record: readable only while they look like identifiers. */
    static final Set<String> IDENTIFIERS = Set.of("ce_specversion", "ce_id", "ce_type", "ce_source", "ce_subject",
            "ce_time", "ce_dataschema", "content-type", "traceparent", "tracestate");

    private final int maxBytes;

    public ReadableHeaders(int maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("the readable header bound must be at least 1 byte");
        }
        this.maxBytes = maxBytes;
    }

    public boolean readable(DeadLetterHeader header) {
        if (FAILURE.contains(header.name())) {
            return true;
        }
        return IDENTIFIERS.contains(header.name()) && looksLikeAnIdentifier(header.value());
    }

    private boolean looksLikeAnIdentifier(byte[] value) {
        if (value == null || value.length == 0 || value.length > maxBytes) {
            return false;
        }
        for (byte b : value) {
            if (b < 0x21 || b > 0x7e) {
                return false;
            }
        }
        return true;
    }
}
