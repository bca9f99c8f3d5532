package dev.capplanner.testing.mcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The MCP reference server {@code @modelcontextprotocol/server-everything} over streamable HTTP, as
 * a real third-party server for tests, where it is installed ({@code .ci/run} installs it with npm
 * and names its script in {@code CAPPLANNER_MCP_EVERYTHING}). It binds all interfaces; tests speak
 * to it over loopback only.
 */
public final class ReferenceMcpServer implements AutoCloseable {

    public static final String LOCATION = "CAPPLANNER_MCP_EVERYTHING";

    private final Process node;
    private final int port;

    private ReferenceMcpServer(Process node, int port) {
        this.node = node;
        this.port = port;
    }

    /** The installed server's script, when this machine has it. */
    public static Optional<Path> installed() {
        String script = System.getenv(LOCATION);
        return script == null || !Files.isRegularFile(Path.of(script)) ? Optional.empty() : Optional.of(Path.of(script));
    }

    /** What a test that needs the server prints (to stderr) when it skips, so the skip is never silent. */
    public static String skipReason(String test) {
        return test + " SKIPPED: the MCP reference server is not installed here (set " + LOCATION
                + "; .ci/run installs it with npm)";
    }

    public static ReferenceMcpServer startOverHttp(Path script) throws IOException, InterruptedException {
        return startOverHttp(script, freePort());
    }

    /** A loopback port nothing listens on right now. */
    public static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    public static ReferenceMcpServer startOverHttp(Path script, int port) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("node", script.toString(), "streamableHttp").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PORT", String.valueOf(port));
        ReferenceMcpServer server = new ReferenceMcpServer(builder.start(), port);
        try {
            server.awaitListening();
        } catch (RuntimeException | InterruptedException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The streamable HTTP endpoint. */
    public String url() {
        return "http://127.0.0.1:" + port + "/mcp";
    }

    private void awaitListening() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("the MCP reference server did not listen on port " + port);
    }

    @Override
    public void close() {
        node.destroy();
        try {
            node.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
