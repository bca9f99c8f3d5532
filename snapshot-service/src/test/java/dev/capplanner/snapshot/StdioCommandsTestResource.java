package dev.capplanner.snapshot;

import dev.capplanner.testing.mcp.FileBackedMcpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Configures the stdio command {@code file-desk}: a real MCP server in its own process
 * ({@link FileBackedMcpServer}) whose tools follow the lines of {@link #TOOLS_FILE}, which a test edits.
 */
public class StdioCommandsTestResource implements QuarkusTestResourceLifecycleManager {

    /** Where the server reads its tool names; the test and this resource agree on the path. */
    static final Path TOOLS_FILE = Path.of("target", "file-desk-tools.txt").toAbsolutePath();

    @Override
    public Map<String, String> start() {
        try {
            Files.createDirectories(TOOLS_FILE.getParent());
            Files.writeString(TOOLS_FILE, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("snapshot.stdio-commands.file-desk", String.join(" ", FileBackedMcpServer.command(TOOLS_FILE)));
    }

    @Override
    public void stop() {
    }
}
