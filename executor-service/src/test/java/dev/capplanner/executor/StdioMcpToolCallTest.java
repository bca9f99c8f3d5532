package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.client.McpToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.testing.mcp.FileBackedMcpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local MCP server over stdio, started by the executor from its target's command line, takes tool calls. */
class StdioMcpToolCallTest {

    @Test
    void aStdioTargetsToolIsCalledInTheServersOwnProcess(@TempDir Path directory) throws Exception {
        Path tools = Files.writeString(directory.resolve("tools.txt"), "track_parcel\n");
        CallTarget desk = CallTarget.stdio(FileBackedMcpServer.command(tools), Duration.ofSeconds(20));
        ToolEndpoint track = new ToolEndpoint("file-desk", ToolEndpoint.MCP_TOOL_CALL, "track_parcel");
        try (McpToolInvoker invoker = new McpToolInvoker(Map.of("file-desk", desk))) {
            ToolResponse response = invoker.invoke(track, Map.of("query", "P-1001")).toCompletableFuture().join();
            assertThat(response.successful()).isTrue();
            assertThat(response.body()).isEqualTo(Map.of("tool", "track_parcel", "arguments", Map.of("query", "P-1001")));
            assertThat(invoker.invoke(track, Map.of("query", "P-1002")).toCompletableFuture().join().body())
                    .as("the same session serves the next call")
                    .isEqualTo(Map.of("tool", "track_parcel", "arguments", Map.of("query", "P-1002")));
        }
        assertThatThrownBy(() -> new HttpToolInvoker(Map.of("file-desk", desk))
                .invoke(new ToolEndpoint("file-desk", "GET", "/parcels"), Map.of()).toCompletableFuture().join())
                .isInstanceOf(CompletionException.class)
                .hasMessageContaining("target file-desk is a stdio MCP server: it takes MCP tool calls only");
    }

    @Test
    void aTargetIsAUrlOrACommandNeverBoth() {
        assertThatThrownBy(() -> new CallTarget("http://127.0.0.1:1/mcp", java.util.List.of("java"), Duration.ofSeconds(1), null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CallTarget(null, java.util.List.of(), Duration.ofSeconds(1), null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
