package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.executor.invocation.EndpointBinder;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Calls target services over HTTP with the JDK client (non-blocking), parsing JSON bodies. Arguments
 * fill the endpoint's path template and query; an argument the template needs but lacks is a
 * failure before any request is made.
 */
public final class HttpToolInvoker implements ToolInvoker {

    /** How long to wait for a connection, whatever the target's own call timeout. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final Map<String, CallTarget> targets;
    private final HttpClient client;
    private final ObjectMapper mapper = new ObjectMapper();
    private final EndpointBinder binder = new EndpointBinder();

    public HttpToolInvoker(Map<String, CallTarget> targets) {
        this.targets = Map.copyOf(targets);
        this.client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        CallTarget target = targets.get(endpoint.service());
        if (target == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("no URL for target " + endpoint.service()));
        }
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
        HttpRequest request = HttpRequest.newBuilder(URI.create(stripSlash(target.url()) + pathAndQuery))
                .method(endpoint.method(), HttpRequest.BodyPublishers.noBody())
                .header("Accept", "application/json")
                .timeout(target.timeout())
                .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> ToolResponse.http(response.statusCode(), parse(response.body())));
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
