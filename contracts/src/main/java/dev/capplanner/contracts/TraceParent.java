package dev.capplanner.contracts;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A W3C Trace Context {@code traceparent} header: how a chat backend starts the one trace that
 * follows its turn through every service (each service continues the trace of the record it consumed).
 */
public record TraceParent(String traceId, String parentId) {

    public static final String HEADER = "traceparent";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new trace, as the first hop of a turn starts it. */
    public static TraceParent newTrace() {
        return new TraceParent(randomHex(16), randomHex(8));
    }

    /** The header value: version 00, trace id, parent span id, sampled. */
    public String header() {
        return "00-" + traceId + "-" + parentId + "-01";
    }

    /** The trace id of a header value, if it is a well-formed one. */
    public static Optional<String> traceIdOf(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String[] parts = header.split("-");
        return parts.length == 4 && parts[1].length() == 32 ? Optional.of(parts[1]) : Optional.empty();
    }

    private static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
