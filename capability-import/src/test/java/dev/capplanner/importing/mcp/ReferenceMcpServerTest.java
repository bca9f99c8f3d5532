package dev.capplanner.importing.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The MCP reference server {@code @modelcontextprotocol/server-everything} (Node.js, from npm) over
 * stdio, where it is installed: {@code .ci/run} installs it and points
 * {@code CAPPLANNER_MCP_EVERYTHING} at its {@code dist/index.js}. Elsewhere the test is skipped
 * and says why.
 */
class ReferenceMcpServerTest {

    static final String LOCATION = "CAPPLANNER_MCP_EVERYTHING";

    @Test
    void theReferenceServersToolsAreImportedWithTheirAnnotationsRespected() {
        String script = System.getenv(LOCATION);
        if (script == null || !Files.isRegularFile(Path.of(script))) {
            System.err.println("ReferenceMcpServerTest SKIPPED: the MCP reference server is not installed here"
                    + " (set " + LOCATION + "; .ci/run installs it with npm)");
        }
        Assumptions.assumeTrue(script != null && Files.isRegularFile(Path.of(script)),
                "SKIPPED LOUDLY: the MCP reference server is not installed here (set " + LOCATION
                        + " to server-everything's dist/index.js; .ci/run installs it with npm)");
        ImportResult result;
        try (McpServerConnection server = McpServerConnection.overStdio(List.of("node", script, "stdio"))) {
            result = new McpImporter().importTools("everything", server.tools());
        }
        assertThat(result.capabilities()).hasSizeGreaterThan(5);
        assertThat(result.capabilities()).filteredOn(ImportedCapability::readOnly).isNotEmpty()
                .allSatisfy(c -> assertThat(c.excludedReason()).isNull());
        assertThat(result.capabilities()).filteredOn(c -> c.name().startsWith("toggle-")).isNotEmpty()
                .noneMatch(ImportedCapability::readOnly);
        assertThat(result.capabilities()).extracting(ImportedCapability::id).allMatch(id -> id.startsWith("mcp:everything/"));
    }
}
