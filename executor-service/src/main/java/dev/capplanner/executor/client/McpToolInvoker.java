package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls MCP tools over streamable HTTP, or over stdio for a local server this process starts, with
 * the official MCP Java SDK: one initialized session per target, opened on first use and dropped
 * after a failure (the next call opens a new one; a stdio server's process is started again). The
 * result is the tool's structured content, or its first text content when that is JSON; an
 * {@code isError} result is a normalized failure whose remote message is not kept.
 */
public final class McpToolInvoker implements ToolInvoker, AutoCloseable {

    private final Map<String, CallTarget> targets;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, CompletableFuture<McpAsyncClient>> sessions = new ConcurrentHashMap<>();

    public McpToolInvoker(Map<String, CallTarget> targets) {
        this.targets = Map.copyOf(targets);
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        CallTarget target = targets.get(endpoint.service());
        if (target == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("no URL for target " + endpoint.service()));
        }
        CompletableFuture<McpAsyncClient> session = sessions.computeIfAbsent(endpoint.service(), name -> open(target));
        return session.thenCompose(client -> client.callTool(new McpSchema.CallToolRequest(endpoint.path(), arguments))
                        .toFuture())
                .thenApply(this::response)
                .whenComplete((response, error) -> {
                    if (error != null && sessions.remove(endpoint.service(), session)) {
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
        return HttpClientStreamableHttpTransport.builder(base).endpoint(path).jsonMapper(mapper)
                .connectTimeout(target.timeout()).build();
    }

    private ToolResponse response(McpSchema.CallToolResult result) {
        if (Boolean.TRUE.equals(result.isError())) {
            return ToolResponse.mcpToolError();
        }
        if (result.structuredContent() != null) {
            return ToolResponse.mcp(result.structuredContent());
        }
        return ToolResponse.mcp(result.content() == null ? null : result.content().stream()
                .filter(McpSchema.TextContent.class::isInstance).map(c -> parse(((McpSchema.TextContent) c).text()))
                .filter(java.util.Objects::nonNull).findFirst().orElse(null));
    }

    private Object parse(String text) {
        try {
            return text == null ? null : json.readValue(text, Object.class);
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        sessions.values().forEach(session -> session.thenAccept(McpAsyncClient::close));
        sessions.clear();
    }
}
