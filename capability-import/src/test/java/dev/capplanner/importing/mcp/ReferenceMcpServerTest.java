package dev.capplanner.importing.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The MCP reference server {@code @modelcontextprotocol/server-everything} (Node.js, from npm) over
 * stdio and over streamable HTTP, where it is installed: {@code .ci/run} installs it and points
 * {@code CAPPLANNER_MCP_EVERYTHING} at its {@code dist/index.js}. Elsewhere the test is skipped
 * and says why.
 */
class ReferenceMcpServerTest {

    static final String LOCATION = "CAPPLANNER_MCP_EVERYTHING";

    @Test
    void theReferenceServersToolsAreImportedOverStdioWithTheirAnnotationsRespected() {
        String script = installedScript();
        ImportResult result;
        try (McpServerConnection server = McpServerConnection.overStdio(List.of("node", script, "stdio"))) {
            result = new McpImporter().importTools("everything", server.tools());
        }
        assertImported(result);
    }

    @Test
    void theSameToolsAreImportedOverStreamableHttp() throws Exception {
        String script = installedScript();
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder("node", script, "streamableHttp").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PORT", String.valueOf(port));
        Process node = builder.start();
        try {
            awaitListening(port);
            ImportResult result;
            try (McpServerConnection server = McpServerConnection.overHttp("http://127.0.0.1:" + port + "/mcp")) {
                result = new McpImporter().importTools("everything", server.tools());
            }
            assertImported(result);
        } finally {
            node.destroy();
            node.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String installedScript() {
        String script = System.getenv(LOCATION);
        if (script == null || !Files.isRegularFile(Path.of(script))) {
            System.err.println("ReferenceMcpServerTest SKIPPED: the MCP reference server is not installed here"
                    + " (set " + LOCATION + "; .ci/run installs it with npm)");
        }
        Assumptions.assumeTrue(script != null && Files.isRegularFile(Path.of(script)),
                "SKIPPED LOUDLY: the MCP reference server is not installed here (set " + LOCATION
                        + " to server-everything's dist/index.js; .ci/run installs it with npm)");
        return script;
    }

    private static void awaitListening(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("server-everything did not listen on " + port);
    }

    private static void assertImported(ImportResult result) {
        assertThat(result.capabilities()).hasSizeGreaterThan(5);
        assertThat(result.capabilities()).filteredOn(ImportedCapability::readOnly).isNotEmpty()
                .allSatisfy(c -> assertThat(c.excludedReason()).isNull());
        assertThat(result.capabilities()).filteredOn(c -> c.name().startsWith("toggle-")).isNotEmpty()
                .noneMatch(ImportedCapability::readOnly);
        assertThat(result.capabilities()).extracting(ImportedCapability::id).allMatch(id -> id.startsWith("mcp:everything/"));
    }
}
