package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.executor.targets.CallTargets;
import dev.capplanner.executor.targets.TargetDirectory;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Calls MCP tools over streamable HTTP, or over stdio for a local server this process starts, with
 * the official MCP Java SDK: one initialized session per target, opened on first use and dropped
 * after a failure (the next call opens a new one; a stdio server's process is started again). Over
 * HTTP, a target the registry names presents its credential on every request of the session (the
 * access token of the MCP authorization for HTTP transports, or an API key), resolved per request
 * so that a rotated secret is used from the next request on. A registry target's session is its
 * owner's: two tenants never share one. The
 * result is the tool's structured content, or its first text content that is JSON, or else its
 * text content ({@code {"text": ...}}, bounded); an
 * {@code isError} result is a normalized failure whose remote message is not kept.
 */
public final class McpToolInvoker implements ToolInvoker, AutoCloseable {

    /** Open sessions at once (per owner and server); the least used is closed beyond it. */
    static final int MAX_SESSIONS = 1_000;

    /** A prose answer kept as evidence is cut here: evidence feeds a chat turn, not an archive. */
    static final int MAX_TEXT_CHARS = 8_000;

    private final TargetDirectory targets;
    private final TenantSecrets secrets;
    private final int maxResponseBytes;
    private final ObjectMapper json = new ObjectMapper();
    /** By the run's owner and the target as found: two tenants never share a session, even on one server. */
    private final Map<SessionKey, CompletableFuture<McpAsyncClient>> sessions = Caffeine.newBuilder()
            .maximumSize(MAX_SESSIONS).executor(Runnable::run)
            .<SessionKey, CompletableFuture<McpAsyncClient>>removalListener((key, session, cause) -> {
                if (cause.wasEvicted() && session != null) {
                    session.thenAccept(McpAsyncClient::close);
                }
            })
            .build().asMap();

    /** Configured targets only, none with a credential. */
    public McpToolInvoker(Map<String, CallTarget> targets) {
        this(CallTargets.configured(targets), new TenantSecrets(Optional.empty(), name -> null));
    }

    public McpToolInvoker(TargetDirectory targets, TenantSecrets secrets) {
        this(targets, secrets, (int) HttpToolInvoker.DEFAULT_MAX_RESPONSE_BYTES);
    }

    /** @param maxResponseBytes the largest message read from a server over HTTP (a larger one fails the call) */
    public McpToolInvoker(TargetDirectory targets, TenantSecrets secrets, int maxResponseBytes) {
        this.targets = targets;
        this.secrets = secrets;
        this.maxResponseBytes = maxResponseBytes;
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        return TargetCalls.whenFound(targets.find(endpoint), target -> call(target, endpoint, arguments));
    }

    private CompletionStage<ToolResponse> call(CallTarget target, ToolEndpoint endpoint, Map<String, Object> arguments) {
        SessionKey key = new SessionKey(endpoint.owner(), target);
        CompletableFuture<McpAsyncClient> session = sessions.computeIfAbsent(key, any -> open(target));
        return session.thenCompose(client -> client.callTool(new McpSchema.CallToolRequest(endpoint.path(), arguments))
                        .toFuture())
                .thenApply(this::response)
                .whenComplete((response, error) -> {
                    if (error != null && sessions.remove(key, session)) {
                        session.thenAccept(McpAsyncClient::close);
                    }
                });
    }

    private CompletableFuture<McpAsyncClient> open(CallTarget target) {
        Duration timeout = target.timeout();
        McpAsyncClient client = McpClient.async(transport(target))
                .requestTimeout(timeout)
                .clientInfo(new McpSchema.Implementation("capplanner-executor", "0.1.0"))
                .build();
        return client.initialize().toFuture().thenApply(initialized -> client);
    }

    private McpClientTransport transport(CallTarget target) {
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(json);
        if (target.url() == null) {
            List<String> command = target.command();
            return new StdioClientTransport(ServerParameters.builder(command.get(0))
                    .args(command.subList(1, command.size())).build(), mapper);
        }
        URI uri = URI.create(target.url());
        String base = uri.getScheme() + "://" + uri.getRawAuthority();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/mcp" : uri.getRawPath();
        if (path.startsWith("//")) {
            // Resolved against the base, "//host/mcp" would name another host.
            throw new IllegalArgumentException("an MCP endpoint path may not start with //");
        }
        return HttpClientStreamableHttpTransport.builder(base).endpoint(path).jsonMapper(mapper)
                .connectTimeout(target.timeout())
                .maxResponseSize(maxResponseBytes)
                .httpRequestCustomizer((request, method, endpoint, body, context) ->
                        TargetCalls.placed(target, secrets).headers().forEach(request::setHeader))
                .build();
    }

    private ToolResponse response(McpSchema.CallToolResult result) {
        if (Boolean.TRUE.equals(result.isError())) {
            return ToolResponse.mcpToolError();
        }
        if (result.structuredContent() != null) {
            return ToolResponse.mcp(result.structuredContent());
        }
        List<String> texts = result.content() == null ? List.of() : result.content().stream()
                .filter(McpSchema.TextContent.class::isInstance).map(c -> ((McpSchema.TextContent) c).text())
                .filter(java.util.Objects::nonNull).toList();
        Object json = texts.stream().map(this::parse).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        if (json != null || texts.isEmpty()) {
            return ToolResponse.mcp(json);
        }
        // Most servers answer in prose: kept as evidence (data, never instructions), bounded.
        String text = String.join("\n\n", texts);
        return ToolResponse.mcp(Map.of("text", text.length() <= MAX_TEXT_CHARS ? text
                : text.substring(0, MAX_TEXT_CHARS) + " [cut]"));
    }

    private Object parse(String text) {
        try {
            return text == null ? null : json.readValue(text, Object.class);
        } catch (IOException e) {
            return null;
        }
    }

    private record SessionKey(dev.capplanner.executor.request.RunScope owner, CallTarget target) {
    }

    @Override
    public void close() {
        sessions.values().forEach(session -> session.thenAccept(McpAsyncClient::close));
        sessions.clear();
    }
}
