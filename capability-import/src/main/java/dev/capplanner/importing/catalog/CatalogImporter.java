package dev.capplanner.importing.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.paths.PathTemplate;
import dev.capplanner.importing.inference.RelationshipInference;
import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.mcp.McpTool;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.RefusedOperation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A static catalog file in the dataset format (one tool a line: {@code id}, {@code name},
 * {@code description}, {@code inputSchema}, {@code annotations}, {@code source}, and what an import
 * derived, as {@code ./run-import.sh --out} writes it). A line is trusted no more than an MCP tool:
 * its annotations decide read or not by the MCP defaults (none: excluded until an operator
 * approves), a read whose name says it writes is held, and a line's own {@code excludedReason},
 * {@code requiresConfirmation} or higher {@code risk} can only make it stricter. A line with an
 * {@code endpoint} ({@code method}, {@code path}) is called over HTTP; one without, as an MCP tool.
 * A line whose endpoint path is not a path template ({@link PathTemplate}) is refused, by line number.
 */
public final class CatalogImporter {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };
    private static final List<String> RISKS = List.of("low", "medium", "high", "critical");
    private static final Set<String> HTTP_READ_METHODS = Set.of("GET", "HEAD");

    /**
     * @throws CatalogFormatException naming the line, when a line is not a JSON object with a name, or two
     *                                lines name a tool alike
     */
    public ImportResult importLines(String connection, String text) {
        List<ImportedCapability> capabilities = new ArrayList<>();
        List<RefusedOperation> refused = new ArrayList<>();
        Map<String, Integer> lineByName = new HashMap<>();
        int number = 0;
        for (String line : text.split("\\R")) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode tool = parse(line, number);
            String name = tool.path("name").asText(tool.path("id").asText("")).strip();
            if (name.isEmpty()) {
                throw new CatalogFormatException(number, "a tool needs a name (or an id)");
            }
            Integer earlier = lineByName.putIfAbsent(name, number);
            if (earlier != null) {
                throw new CatalogFormatException(number, "line " + earlier + " names a tool '" + name
                        + "' already: give each tool of a catalog its own name");
            }
            String path = tool.path("endpoint").path("path").asText(null);
            if (path != null && tool.path("endpoint").hasNonNull("method")) {
                try {
                    PathTemplate.parse(path);
                } catch (PathTemplate.InvalidPathTemplateException e) {
                    refused.add(new RefusedOperation("line " + number, "endpoint.path is not a path template ("
                            + e.getMessage() + ")"));
                    continue;
                }
            }
            capabilities.add(capability(connection, name, tool));
        }
        return new ImportResult("catalog", capabilities, new RelationshipInference().infer(capabilities), 0, refused);
    }

    private static ImportedCapability capability(String connection, String name, JsonNode tool) {
        JsonNode annotations = tool.path("annotations");
        ImportedCapability classified = McpImporter.capability(connection, new McpTool(name, null,
                tool.path("description").asText(null), object(tool.get("inputSchema")), object(tool.get("outputSchema")),
                annotations.has("readOnlyHint") ? annotations.get("readOnlyHint").asBoolean() : null,
                annotations.has("destructiveHint") ? annotations.get("destructiveHint").asBoolean() : null));
        String method = tool.path("endpoint").path("method").asText(null);
        String path = tool.path("endpoint").path("path").asText(null);
        method = method == null || path == null ? null : method.toUpperCase(Locale.ROOT);
        String excluded = classified.excludedReason();
        if (excluded == null && method != null && !HTTP_READ_METHODS.contains(method) && classified.readOnly()) {
            excluded = "write: an HTTP " + method + " endpoint";
        }
        if (excluded == null && tool.hasNonNull("excludedReason")) {
            excluded = "excluded by the catalog: " + tool.get("excludedReason").asText();
        }
        String risk = stricter(classified.risk(), tool.path("risk").asText(null));
        boolean confirmation = classified.requiresConfirmation() || tool.path("requiresConfirmation").asBoolean(false);
        return new ImportedCapability(classified.id(), name, classified.description(), classified.source(),
                tool.hasNonNull("entity") ? tool.get("entity").asText() : classified.entity(),
                tool.hasNonNull("operation") ? tool.get("operation").asText() : classified.operation(),
                classified.sideEffect(), risk, confirmation, method, method == null ? null : path,
                classified.inputSchema(), classified.outputSchema(),
                tool.hasNonNull("collectionPath") ? tool.get("collectionPath").asText() : classified.collectionPath(),
                classified.identifierFields(), excluded);
    }

    private static String stricter(String derived, String declared) {
        int declaredRank = declared == null ? -1 : RISKS.indexOf(declared.toLowerCase(Locale.ROOT));
        return declaredRank > RISKS.indexOf(derived) ? RISKS.get(declaredRank) : derived;
    }

    private static Map<String, Object> object(JsonNode node) {
        return node != null && node.isObject() ? JSON.convertValue(node, MAP) : null;
    }

    private static JsonNode parse(String line, int number) {
        try {
            JsonNode node = JSON.readTree(line);
            if (node == null || !node.isObject()) {
                throw new CatalogFormatException(number, "not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw new CatalogFormatException(number, "not JSON");
        }
    }

    /** A catalog that cannot be read as the dataset format; the message names the line. */
    public static final class CatalogFormatException extends RuntimeException {
        public CatalogFormatException(int line, String problem) {
            super("catalog line " + line + ": " + problem);
        }
    }
}
