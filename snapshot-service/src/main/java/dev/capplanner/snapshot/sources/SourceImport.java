package dev.capplanner.snapshot.sources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.importing.kb.KnowledgeBaseImporter;
import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.mcp.McpServerConnection;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.OpenApiSource;

/** Reads a registration's source with the import module (blocking network IO: call it off the event loop). */
public final class SourceImport {

    public ImportResult read(ConnectionRegistration registration) {
        if (registration.kind().equals("kb")) {
            return new KnowledgeBaseImporter().describe(registration.id(), registration.url(), registration.description());
        }
        if (registration.kind().equals("openapi")) {
            JsonNode document = OpenApiSource.read(registration.url());
            return new OpenApiImporter().importDocument(document, registration.id());
        }
        try (McpServerConnection server = McpServerConnection.overHttp(registration.url())) {
            return new McpImporter().importTools(registration.id(), server.tools());
        }
    }
}
