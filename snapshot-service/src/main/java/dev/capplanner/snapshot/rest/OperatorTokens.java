package dev.capplanner.snapshot.rest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Who holds which admin token: each operator has a token of their own, so the registry records who
 * approved or revoked, not a name the caller types. A shared token, when configured, stands for the
 * identity {@value #SHARED}. Every token is compared in constant time, and all of them are compared
 * on every request, so how long a refusal takes says nothing about which token came close.
 */
public final class OperatorTokens {

    /** The identity of the shared admin token (a bootstrap credential, not a person). */
    public static final String SHARED = "admin";

    private static final int MIN_TOKEN_LENGTH = 16;

    private final Map<String, byte[]> tokensByOperator;

    private OperatorTokens(Map<String, byte[]> tokensByOperator) {
        this.tokensByOperator = tokensByOperator;
    }

    /**
     * @param sharedToken    the shared admin token, blank or empty when there is none
     * @param operatorTokens token by operator identity
     * @throws IllegalArgumentException when a token is shorter than 16 characters or two identities share one
     */
    public static OperatorTokens of(Optional<String> sharedToken, Map<String, String> operatorTokens) {
        Map<String, byte[]> tokens = new LinkedHashMap<>();
        sharedToken.filter(t -> !t.isBlank()).ifPresent(t -> tokens.put(SHARED, bytes(SHARED, t)));
        operatorTokens.forEach((operator, token) -> {
            if (operator.isBlank() || operator.equals(SHARED)) {
                throw new IllegalArgumentException("operator identity '" + operator + "' is reserved or blank");
            }
            byte[] secret = bytes(operator, token);
            if (tokens.values().stream().anyMatch(other -> MessageDigest.isEqual(other, secret))) {
                throw new IllegalArgumentException("operator " + operator + " shares a token with another identity");
            }
            tokens.put(operator, secret);
        });
        return new OperatorTokens(Map.copyOf(tokens));
    }

    public boolean isEmpty() {
        return tokensByOperator.isEmpty();
    }

    /** The operator the token belongs to, if any. */
    public Optional<String> operatorOf(String offeredToken) {
        byte[] offered = offeredToken.getBytes(StandardCharsets.UTF_8);
        String match = null;
        for (Map.Entry<String, byte[]> candidate : tokensByOperator.entrySet()) {
            if (MessageDigest.isEqual(offered, candidate.getValue())) {
                match = candidate.getKey();
            }
        }
        return Optional.ofNullable(match);
    }

    private static byte[] bytes(String operator, String token) {
        if (token == null || token.strip().length() < MIN_TOKEN_LENGTH) {
            throw new IllegalArgumentException("the admin token of " + operator + " must have at least "
                    + MIN_TOKEN_LENGTH + " characters");
        }
        return token.strip().getBytes(StandardCharsets.UTF_8);
    }
}
