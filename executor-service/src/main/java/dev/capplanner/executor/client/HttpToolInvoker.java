package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.credentials.PlacedCredential;
import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.executor.invocation.EndpointBinder;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.executor.targets.CallTargets;
import dev.capplanner.executor.targets.ClientCredentialTokens;
import dev.capplanner.executor.targets.TargetDirectory;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Calls target services over HTTP with the JDK client (non-blocking), parsing JSON bodies. Arguments
 * fill the endpoint's path template and query; an argument the template needs but lacks is a
 * failure before any request is made. A target the registry names presents its credential, resolved
 * for this call (a rotated secret is used from the next call on). Redirects are never followed: one
 * would carry the credential to a host nobody allowed. An answer is read as a stream up to a limit:
 * a larger one fails the call unread (not a transient failure: it is not retried).
 */
public final class HttpToolInvoker implements ToolInvoker {

    /** The largest answer read by default (executor.max-response-bytes). */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 4L * 1024 * 1024;

    /** How long to wait for a connection, whatever the target's own call timeout. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final TargetDirectory targets;
    private final TenantSecrets secrets;
    private final ClientCredentialTokens tokens;
    private final long maxResponseBytes;
    private final HttpClient client;
    private final ObjectMapper mapper = new ObjectMapper();
    private final EndpointBinder binder = new EndpointBinder();

    /** Configured targets only, none with a credential. */
    public HttpToolInvoker(Map<String, CallTarget> targets) {
        this(CallTargets.configured(targets), new TenantSecrets(Optional.empty(), name -> null));
    }

    public HttpToolInvoker(TargetDirectory targets, TenantSecrets secrets) {
        this(targets, secrets, ClientCredentialTokens.NONE, DEFAULT_MAX_RESPONSE_BYTES);
    }

    /**
     * @param tokens           the access tokens of OAuth 2 client credentials
     * @param maxResponseBytes the largest answer read (a larger one fails the call, unread)
     */
    public HttpToolInvoker(TargetDirectory targets, TenantSecrets secrets, ClientCredentialTokens tokens,
                           long maxResponseBytes) {
        this.targets = targets;
        this.secrets = secrets;
        this.tokens = tokens;
        this.maxResponseBytes = maxResponseBytes;
        this.client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        return TargetCalls.whenFound(targets.find(endpoint), target -> send(target, endpoint, arguments));
    }

    private CompletionStage<ToolResponse> send(CallTarget target, ToolEndpoint endpoint, Map<String, Object> arguments) {
        if (target.url() == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("target " + endpoint.service()
                    + " is a stdio MCP server: it takes MCP tool calls only"));
        }
        String pathAndQuery;
        try {
            pathAndQuery = binder.bind(endpoint, arguments);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(new ToolResponse(null, null, e.getMessage()));
        }
        CompletionStage<PlacedCredential> credential;
        try {
            credential = TargetCalls.placed(target, secrets, tokens);
        } catch (TenantSecrets.MissingSecretException e) {
            return CompletableFuture.completedFuture(new ToolResponse(null, null, e.getMessage()));
        }
        return credential.handle((placed, error) -> error == null ? send(target, endpoint, pathAndQuery, placed)
                : CompletableFuture.completedFuture(new ToolResponse(null, null, "the credential of target "
                        + endpoint.service() + " could not be had (" + TargetCalls.unwrapped(error).getClass().getSimpleName()
                        + (TargetCalls.unwrapped(error) instanceof TargetDirectory.UnknownTargetException unknown
                                ? ": " + unknown.getMessage() : "") + ")")))
                .thenCompose(sent -> sent);
    }

    private CompletionStage<ToolResponse> send(CallTarget target, ToolEndpoint endpoint, String pathAndQuery,
                                               PlacedCredential credential) {
        URI uri = withinTarget(target.url(), withQuery(pathAndQuery, credential.queryParameters()));
        if (uri == null) {
            return CompletableFuture.completedFuture(new ToolResponse(null, null, "the endpoint's path "
                    + endpoint.path() + " would leave the host of target " + endpoint.service()));
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .method(endpoint.method(), HttpRequest.BodyPublishers.noBody())
                .header("Accept", "application/json")
                .timeout(target.timeout());
        credential.headers().forEach(request::setHeader);
        return client.sendAsync(request.build(), BoundedBody.upTo(maxResponseBytes))
                .thenApply(response -> response.body().isPresent()
                        ? ToolResponse.http(response.statusCode(), parse(response.body().get()))
                        : new ToolResponse(response.statusCode(), null, "the answer of target " + endpoint.service()
                                + " is larger than " + maxResponseBytes + " bytes: not read"));
    }

    /**
     * The request URI, or null when the path would take it elsewhere than the target's scheme, host
     * and port (a source's path such as {@code @evil.example/x} or {@code //evil.example/x} appended to
     * a base URL without a path): the checked host is the one called, and its credential goes nowhere else.
     */
    static URI withinTarget(String targetUrl, String pathAndQuery) {
        if (!pathAndQuery.startsWith("/") || pathAndQuery.startsWith("//")) {
            return null;
        }
        try {
            URI base = URI.create(targetUrl);
            URI uri = URI.create(stripSlash(targetUrl) + pathAndQuery);
            boolean same = uri.getRawUserInfo() == null && java.util.Objects.equals(base.getScheme(), uri.getScheme())
                    && java.util.Objects.equals(base.getHost(), uri.getHost()) && base.getPort() == uri.getPort();
            return same ? uri : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String withQuery(String pathAndQuery, Map<String, String> parameters) {
        StringBuilder url = new StringBuilder(pathAndQuery);
        parameters.forEach((name, value) -> url.append(url.indexOf("?") < 0 ? '?' : '&')
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return url.toString();
    }

    private Object parse(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            return mapper.readValue(body, Object.class);
        } catch (IOException e) {
            return null;
        }
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
