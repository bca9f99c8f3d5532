package dev.capplanner.router.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.importing.inference.MutatingNames;
import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.mcp.McpTool;
import dev.capplanner.importing.model.ImportedCapability;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which tools of a dataset catalog a production snapshot would hold ({@code ./run-eval.sh --read-only}):
 * the import's own classification ({@link McpImporter#capability}: annotations by the MCP defaults, a
 * read whose name says it writes held) and an HTTP endpoint's method (only GET and HEAD read). A tool
 * without annotations is held in production until an operator approves it; evaluation assumes the
 * operator approves the ones whose names do not say they write, and never the others.
 */
final class ReadOnlyCatalog {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> HTTP_READS = Set.of("GET", "HEAD");

    private ReadOnlyCatalog() {
    }

    /** The ids of the catalog's tools a snapshot would hold. */
    static Set<String> readIds(Path catalog) {
        Set<String> reads = new LinkedHashSet<>();
        try (BufferedReader lines = Files.newBufferedReader(catalog)) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.isBlank()) {
                    JsonNode tool = JSON.readTree(line);
                    if (reads(tool)) {
                        reads.add(tool.path("id").asText());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalog " + catalog, e);
        }
        return reads;
    }

    @SuppressWarnings("unchecked")
    static boolean reads(JsonNode tool) {
        String name = tool.path("name").asText(tool.path("id").asText(""));
        JsonNode annotations = tool.path("annotations");
        Boolean readOnly = annotations.has("readOnlyHint") && !annotations.get("readOnlyHint").isNull()
                ? annotations.get("readOnlyHint").asBoolean() : null;
        Boolean destructive = annotations.has("destructiveHint") && !annotations.get("destructiveHint").isNull()
                ? annotations.get("destructiveHint").asBoolean() : null;
        ImportedCapability classified = McpImporter.capability("eval", new McpTool(name, null,
                tool.path("description").asText(null), tool.hasNonNull("inputSchema")
                        ? JSON.convertValue(tool.get("inputSchema"), Map.class) : null, null, readOnly, destructive, null));
        String method = tool.path("endpoint").path("method").asText("").toUpperCase(Locale.ROOT);
        if (!method.isEmpty() && !HTTP_READS.contains(method)) {
            return false;
        }
        if (McpImporter.UNANNOTATED.equals(classified.excludedReason())) {
            return MutatingNames.mutatingWord(name).isEmpty();
        }
        return classified.excludedReason() == null;
    }
}
