package dev.capplanner.contracts;

import java.util.Optional;

/**
 * How a turn carries its principal token on Kafka: a record header {@code authorization} whose value
 * is {@code Bearer <compact JWT>}, as an HTTP request carries it (docs/chat-backend.md, "Principal
 * token"). A header, not a field of the event: it authenticates the record, it is not part of it.
 */
public final class PrincipalHeader {

    public static final String NAME = "authorization";
    private static final String SCHEME = "Bearer ";

    private PrincipalHeader() {
    }

    /** The header value for a token. */
    public static String valueOf(String token) {
        return SCHEME + token;
    }

    /** The token a header value carries; empty for a missing value or another scheme. */
    public static Optional<String> tokenIn(String value) {
        if (value == null || !value.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Optional.empty();
        }
        String token = value.substring(SCHEME.length()).strip();
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
    }
}
