package dev.capplanner.contracts.credentials;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How calls to a source authenticate, by reference: the secret is named, never given.
 *
 * @param scheme   {@code api-key} (the secret in a header or a query parameter), {@code bearer}
 *                 ({@code Authorization: Bearer <secret>}; for an MCP server over HTTP, the access token its
 *                 authorization asks for) or {@code basic} ({@code username} and the secret as password)
 * @param in       for {@code api-key}: {@code header} or {@code query}
 * @param name     for {@code api-key}: the header's or query parameter's name
 * @param username for {@code basic}: the user name (not a secret)
 * @param secret   where the secret lives: {@code file:NAME} (a file of the tenant's secrets directory, e.g. a
 *                 key of a mounted Kubernetes Secret) or {@code env:NAME} (an environment variable of the tenant's
 *                 prefix); see {@link SecretName}
 */
public record CredentialReference(String scheme, String in, String name, String username, String secret) {

    public static final Set<String> SCHEMES = Set.of("api-key", "bearer", "basic");

    /** An HTTP token: what a header or parameter name may be. */
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}");
    /** Headers a credential may never set: they would steer the request, not authenticate it. */
    private static final Set<String> RESERVED_HEADERS = Set.of("host", "content-length", "content-type",
            "transfer-encoding", "connection", "cookie", "accept", "traceparent", "tracestate", "baggage",
            "proxy-authorization", "forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto",
            "x-real-ip", "upgrade", "te", "expect");

    /** What is wrong with the reference, or null when it can be used. */
    public String problem() {
        if (scheme == null || !SCHEMES.contains(scheme)) {
            return "credential.scheme must be one of " + SCHEMES;
        }
        String secretProblem = SecretName.problem(secret);
        if (secretProblem != null) {
            return secretProblem;
        }
        switch (scheme) {
            case "api-key" -> {
                if (!"header".equals(in) && !"query".equals(in)) {
                    return "credential.in must be header or query for an api-key";
                }
                if (name == null || !TOKEN.matcher(name).matches()) {
                    return "credential.name must be a header or query parameter name (letters, digits, '-', '_')";
                }
                if ("header".equals(in) && RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                    return "credential.name may not be the " + name + " header";
                }
            }
            case "basic" -> {
                if (username == null || username.isEmpty() || username.length() > 256 || username.contains(":")
                        || username.chars().anyMatch(Character::isISOControl)) {
                    return "credential.username is required for basic, without ':' or control characters";
                }
            }
            default -> {
            }
        }
        return null;
    }
}
