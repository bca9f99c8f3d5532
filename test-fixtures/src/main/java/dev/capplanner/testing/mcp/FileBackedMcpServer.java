package dev.capplanner.testing.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A real MCP server over stdio (the official SDK's), in a process of its own, whose tools are the
 * lines of a file it follows: a test edits the file and the server adds and removes tools and sends
 * {@code notifications/tools/list_changed}, as a server whose tools change at run time does. Each
 * tool is an annotated read taking a {@code query} and answering with structured content naming
 * itself and the arguments it got. Start it with {@link #command(Path)}.
 */
public final class FileBackedMcpServer {

    private static final long POLL_MILLIS = 100;

    private FileBackedMcpServer() {
    }

    /** The command line that starts this server, in a JVM like the caller's, following {@code toolsFile}. */
    public static List<String> command(Path toolsFile) {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), FileBackedMcpServer.class.getName(),
                toolsFile.toAbsolutePath().toString());
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path toolsFile = Path.of(args[0]);
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(new JacksonMcpJsonMapper(new ObjectMapper())))
                .serverInfo("File Desk", "1.0.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .build();
        Set<String> served = new LinkedHashSet<>();
        while (true) {
            Set<String> wanted = toolNames(toolsFile);
            if (!wanted.equals(served)) {
                served.stream().filter(name -> !wanted.contains(name)).toList().forEach(server::removeTool);
                wanted.stream().filter(name -> !served.contains(name)).forEach(name -> server.addTool(tool(name)));
                served.clear();
                served.addAll(wanted);
                notifyChanged(server);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static void notifyChanged(McpSyncServer server) {
        try {
            server.notifyToolsListChanged();
        } catch (RuntimeException beforeAClientConnected) {
            // Nobody to tell yet: a client that initializes later lists the tools anyway.
        }
    }

    private static Set<String> toolNames(Path file) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                names.add(line.strip());
            }
        }
        return names;
    }

    private static McpServerFeatures.SyncToolSpecification tool(String name) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name)
                .description("Looks up " + name.replace('_', ' ') + " by a free-text query.")
                .inputSchema(Map.of("type", "object", "required", List.of("query"),
                        "properties", Map.of("query", Map.of("type", "string", "minLength", 1))))
                .annotations(McpSchema.ToolAnnotations.builder().readOnlyHint(true).destructiveHint(false).build())
                .build();
        return McpServerFeatures.SyncToolSpecification.builder().tool(tool)
                .callHandler((exchange, request) -> McpSchema.CallToolResult.builder()
                        .structuredContent(Map.of("tool", name, "arguments", request.arguments()))
                        .build())
                .build();
    }
}
