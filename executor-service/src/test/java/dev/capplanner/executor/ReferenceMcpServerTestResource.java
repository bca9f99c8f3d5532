package dev.capplanner.executor;

import dev.capplanner.testing.mcp.ReferenceMcpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.util.Map;

/**
 * The MCP reference server as the executor's target {@code everything}, where it is installed;
 * elsewhere the target points at a port nothing listens on and {@link #running()} says so, so the
 * test that needs it can skip loudly.
 */
public class ReferenceMcpServerTestResource implements QuarkusTestResourceLifecycleManager {

    static final String TARGET = "everything";
    private static volatile boolean running;
    private ReferenceMcpServer server;

    static boolean running() {
        return running;
    }

    @Override
    public Map<String, String> start() {
        try {
            var script = ReferenceMcpServer.installed();
            if (script.isEmpty()) {
                System.err.println(ReferenceMcpServer.skipReason("ExecutionPipelineTest (MCP case)"));
                return Map.of("executor.targets." + TARGET + ".url",
                        "http://127.0.0.1:" + ReferenceMcpServer.freePort() + "/mcp");
            }
            server = ReferenceMcpServer.startOverHttp(script.get());
            running = true;
            return Map.of("executor.targets." + TARGET + ".url", server.url());
        } catch (IOException e) {
            throw new IllegalStateException("could not start the MCP reference server", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        running = false;
        if (server != null) {
            server.close();
        }
    }
}
