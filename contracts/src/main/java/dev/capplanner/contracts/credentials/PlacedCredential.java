package dev.capplanner.contracts.credentials;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * A resolved credential, where the source expects it: a header, or a query parameter.
 *
 * @param headers         header name to value
 * @param queryParameters query parameter name to value (not yet encoded)
 */
public record PlacedCredential(Map<String, String> headers, Map<String, String> queryParameters) {

    public static final PlacedCredential NONE = new PlacedCredential(Map.of(), Map.of());

    public PlacedCredential {
        headers = Map.copyOf(headers);
        queryParameters = Map.copyOf(queryParameters);
    }

    /** An access token, as {@code Authorization: Bearer} (what an OAuth 2 credential fetched). */
    public static PlacedCredential bearer(CredentialReference reference, String accessToken) {
        return of(new CredentialReference("bearer", null, null, null, reference.secret()), accessToken);
    }

    /** Places a secret as the reference says (a reference that passed {@link CredentialReference#problem()}). */
    public static PlacedCredential of(CredentialReference reference, String secret) {
        if (secret.chars().anyMatch(Character::isISOControl)) {
            // A line break in a header value would start another header; other controls make clients quote it in errors.
            throw new TenantSecrets.MissingSecretException(reference.secret(), "the secret holds control characters");
        }
        return switch (reference.scheme()) {
            case "bearer" -> new PlacedCredential(Map.of("Authorization", "Bearer " + secret), Map.of());
            case "basic" -> new PlacedCredential(Map.of("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((reference.username() + ":" + secret).getBytes(StandardCharsets.UTF_8))), Map.of());
            case "api-key" -> "query".equals(reference.in())
                    ? new PlacedCredential(Map.of(), Map.of(reference.name(), secret))
                    : new PlacedCredential(Map.of(reference.name(), secret), Map.of());
            case CredentialReference.OAUTH2_CLIENT_CREDENTIALS -> throw new IllegalArgumentException(
                    "an OAuth 2 client secret is never sent to the source: place the token fetched with it");
            default -> throw new IllegalArgumentException("unknown credential scheme " + reference.scheme());
        };
    }
}
