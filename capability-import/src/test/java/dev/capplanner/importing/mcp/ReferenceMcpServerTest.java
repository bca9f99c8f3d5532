package dev.capplanner.importing.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.testing.mcp.ReferenceMcpServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The MCP reference server {@code @modelcontextprotocol/server-everything} (Node.js, from npm) over
 * stdio and over streamable HTTP, where it is installed: {@code .ci/run} installs it and points
 * {@code CAPPLANNER_MCP_EVERYTHING} at its {@code dist/index.js}. Elsewhere the test is skipped
 * and says why.
 */
class ReferenceMcpServerTest {

    @Test
    void theReferenceServersToolsAreImportedOverStdioWithTheirAnnotationsRespected() {
        Path script = installedScript();
        ImportResult result;
        try (McpServerConnection server = McpServerConnection.overStdio(List.of("node", script.toString(), "stdio"))) {
            result = new McpImporter().importTools("everything", server.tools());
        }
        assertImported(result);
    }

    @Test
    void theSameToolsAreImportedOverStreamableHttp() throws Exception {
        try (ReferenceMcpServer node = ReferenceMcpServer.startOverHttp(installedScript())) {
            ImportResult result;
            try (McpServerConnection server = McpServerConnection.overHttp(node.url())) {
                result = new McpImporter().importTools("everything", server.tools());
            }
            assertImported(result);
        }
    }

    private static Path installedScript() {
        Optional<Path> script = ReferenceMcpServer.installed();
        if (script.isEmpty()) {
            System.err.println(ReferenceMcpServer.skipReason("ReferenceMcpServerTest"));
        }
        Assumptions.assumeTrue(script.isPresent(), ReferenceMcpServer.skipReason("SKIPPED LOUDLY"));
        return script.get();
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
