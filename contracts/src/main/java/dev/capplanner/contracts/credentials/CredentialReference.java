package dev.capplanner.contracts.credentials;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How calls to a source authenticate, by reference: the secret is named, never given.
 *
 * @param scheme   {@code api-key} (the secret in a header or a query parameter), {@code bearer}
 *                 ({@code Authorization: Bearer <secret>}; for an MCP server over HTTP, the access token its
 *                 authorization asks for), {@code basic} ({@code username} and the secret as password) or
 *                 {@code oauth2-client-credentials} (an access token fetched from {@code tokenUrl} with
 *                 {@code clientId} and the secret as client secret, kept and fetched again when it expires,
 *                 sent as {@code Authorization: Bearer})
 * @param in       for {@code api-key}: {@code header} or {@code query}
 * @param name     for {@code api-key}: the header's or query parameter's name
 * @param username for {@code basic}: the user name (not a secret)
 * @param secret   where the secret lives: {@code file:NAME} (a file of the tenant's secrets directory, e.g. a
 *                 key of a mounted Kubernetes Secret) or {@code env:NAME} (an environment variable of the tenant's
 *                 prefix); see {@link SecretName}
 * @param tokenUrl for {@code oauth2-client-credentials}: the authorization server's token endpoint
 * @param clientId for {@code oauth2-client-credentials}: the client's id (not a secret)
 * @param scopes   for {@code oauth2-client-credentials}: the scopes asked for, none by default
 */
public record CredentialReference(String scheme, String in, String name, String username, String secret,
                                  String tokenUrl, String clientId, List<String> scopes) {

    public static final String OAUTH2_CLIENT_CREDENTIALS = "oauth2-client-credentials";
    public static final Set<String> SCHEMES = Set.of("api-key", "bearer", "basic", OAUTH2_CLIENT_CREDENTIALS);
    /** RFC 6749's scope-token. */
    private static final Pattern SCOPE = Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,128}");
    private static final int MAX_SCOPES = 20;

    public CredentialReference {
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }

    /** A reference of a scheme other than OAuth 2. */
    public CredentialReference(String scheme, String in, String name, String username, String secret) {
        this(scheme, in, name, username, secret, null, null, List.of());
    }

    /** An OAuth 2 client-credentials reference. */
    public static CredentialReference clientCredentials(String tokenUrl, String clientId, String secret,
                                                        List<String> scopes) {
        return new CredentialReference(OAUTH2_CLIENT_CREDENTIALS, null, null, null, secret, tokenUrl, clientId, scopes);
    }

    public boolean fetchesTokens() {
        return OAUTH2_CLIENT_CREDENTIALS.equals(scheme);
    }

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
            case OAUTH2_CLIENT_CREDENTIALS -> {
                if (tokenUrl == null || !tokenUrl.matches("https?://[^/?#@\\s]+(/[^#\\s]*)?")) {
                    return "credential.tokenUrl must be the http(s) URL of the token endpoint";
                }
                if (clientId == null || clientId.isBlank() || clientId.length() > 256
                        || clientId.chars().anyMatch(Character::isISOControl)) {
                    return "credential.clientId is required for oauth2-client-credentials, without control characters";
                }
                if (scopes.size() > MAX_SCOPES || !scopes.stream().allMatch(scope -> SCOPE.matcher(scope).matches())) {
                    return "credential.scopes are at most " + MAX_SCOPES + " scope tokens";
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
