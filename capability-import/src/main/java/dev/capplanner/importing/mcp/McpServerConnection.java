package dev.capplanner.importing.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A live MCP server reached with the official MCP Java SDK, over stdio (a command this process
 * starts) or streamable HTTP (a URL): {@code initialize}, then {@code tools/list} page by page. A
 * connection kept open can be told of {@code notifications/tools/list_changed}: the listener is
 * only told that the list changed, and lists the tools again itself (on its own thread, never on
 * the client's).
 */
public final class McpServerConnection implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final McpSyncClient client;
    private final String serverName;

    private McpServerConnection(McpClientTransport transport, Runnable onToolsChanged) {
        this.client = McpClient.sync(transport).requestTimeout(TIMEOUT)
                .clientInfo(new McpSchema.Implementation("capplanner-import", "0.1.0"))
                .toolsChangeConsumer(tools -> onToolsChanged.run()).build();
        McpSchema.InitializeResult initialized = client.initialize();
        this.serverName = initialized.serverInfo() == null ? "server" : initialized.serverInfo().name();
    }

    /** Starts {@code command} (program and arguments) and speaks MCP over its stdin and stdout. */
    public static McpServerConnection overStdio(List<String> command) {
        return overStdio(command, () -> { });
    }

    /** Starts {@code command} and tells {@code onToolsChanged} whenever the server says its tools changed. */
    public static McpServerConnection overStdio(List<String> command, Runnable onToolsChanged) {
        ServerParameters parameters = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size()))
                .build();
        return new McpServerConnection(new StdioClientTransport(parameters, mapper()), onToolsChanged);
    }

    /** Connects to a streamable HTTP endpoint, e.g. {@code http://127.0.0.1:3001/mcp}. */
    public static McpServerConnection overHttp(String url) {
        return overHttp(url, () -> { });
    }

    /** Connects to a streamable HTTP endpoint and tells {@code onToolsChanged} whenever its tools change. */
    public static McpServerConnection overHttp(String url, Runnable onToolsChanged) {
        return overHttp(url, Map::of, onToolsChanged);
    }

    /**
     * Connects to a streamable HTTP endpoint presenting {@code headers} on every request (a
     * credential, asked for again each time so that a rotated one is used from the next request on).
     */
    public static McpServerConnection overHttp(String url, Supplier<Map<String, String>> headers,
                                               Runnable onToolsChanged) {
        URI uri = URI.create(url);
        String base = uri.getScheme() + "://" + uri.getRawAuthority();
        String endpoint = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/mcp" : uri.getRawPath();
        if (endpoint.startsWith("//")) {
            throw new IllegalArgumentException("an MCP endpoint path may not start with // (it would name another host)");
        }
        return new McpServerConnection(HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint)
                .httpRequestCustomizer((request, method, address, body, context) ->
                        headers.get().forEach(request::setHeader))
                .jsonMapper(mapper()).build(), onToolsChanged);
    }

    /** Splits a command line on white space (no quoting): program first, then its arguments. */
    public static List<String> commandLine(String line) {
        List<String> words = List.of(line.strip().split("\\s+"));
        if (words.isEmpty() || words.get(0).isEmpty()) {
            throw new IllegalArgumentException("an empty command line");
        }
        return words;
    }

    /** The name the server gives itself in {@code initialize}. */
    public String serverName() {
        return serverName;
    }

    public ToolPages tools() {
        return cursor -> {
            McpSchema.ListToolsResult page = cursor == null ? client.listTools() : client.listTools(cursor);
            return new ToolPages.Page(page.tools().stream().map(McpServerConnection::tool).toList(), page.nextCursor());
        };
    }

    private static McpTool tool(McpSchema.Tool tool) {
        McpSchema.ToolAnnotations hints = tool.annotations();
        return new McpTool(tool.name(), tool.title(), tool.description(), tool.inputSchema(), tool.outputSchema(),
                hints == null ? null : hints.readOnlyHint(), hints == null ? null : hints.destructiveHint(),
                CapabilityHint.read(tool.meta()));
    }

    private static JacksonMcpJsonMapper mapper() {
        return new JacksonMcpJsonMapper(new ObjectMapper());
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
