package dev.capplanner.router.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.importing.inference.AliasInference;
import dev.capplanner.importing.inference.ToolNameWords;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a catalog in the shared dataset format (one tool a line: id, name, description,
 * inputSchema, annotations, source) as capabilities. Entity and operation are inferred
 * conservatively from the tool's name: a leading verb (a vendor or version prefix before it left
 * out) or the last word of a resource-first name ({@code orders.search}) is the operation, the rest
 * the entity ({@link ToolNameWords#action}).
 */
public final class DatasetCapabilities {

    private static final Set<String> VERBS = Set.of("get", "list", "search", "find", "fetch", "retrieve", "query",
            "read", "lookup", "check", "calculate", "compute", "analyze", "create", "update", "delete", "add", "remove",
            "set", "send", "post", "put", "generate", "convert", "translate", "track", "monitor", "estimate", "predict",
            "validate", "verify", "count", "describe", "show", "view", "download", "upload", "book", "cancel");
    private static final ObjectMapper JSON = new ObjectMapper();

    private DatasetCapabilities() {
    }

    public static List<Capability> read(Path catalog) {
        List<Capability> capabilities = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(catalog)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (!line.isBlank()) {
                    capabilities.add(fromTool(JSON.readTree(line), number));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalog " + catalog, e);
        }
        return capabilities;
    }

    @SuppressWarnings("unchecked")
    static Capability fromTool(JsonNode tool, int line) {
        String id = text(tool, "id");
        if (id == null) {
            throw new IllegalArgumentException("catalog line " + line + " has no id");
        }
        String name = text(tool, "name") == null ? id : text(tool, "name");
        String source = text(tool, "source") == null ? "catalog" : text(tool, "source");
        ToolNameWords.NamedAction action = ToolNameWords.action(name, source, VERBS);
        String operation = action.verb() != null ? action.verb() : "call";
        String entity = String.join(" ", action.subject());
        Map<String, Object> schema = tool.hasNonNull("inputSchema")
                ? JSON.convertValue(tool.get("inputSchema"), Map.class) : Map.of("type", "object");
        String description = text(tool, "description") == null ? "" : text(tool, "description");
        return new Capability(id, source.startsWith("mcp") ? "mcp" : "api", source, entity.isEmpty() ? name : entity,
                operation, description, List.of(), true, new Endpoint(source, "GET", "/" + id), schema, null);
    }

    /**
     * The tools, each without aliases given those an import infers from its operation and entity
     * ({@link AliasInference}), as a source registered through the admin API gets them.
     */
    public static List<Capability> withInferredAliases(List<Capability> tools) {
        return tools.stream().map(c -> !c.aliases().isEmpty() ? c : new Capability(c.name(), c.kind(), c.family(),
                c.entity(), c.operation(), c.description(), AliasInference.of(c.operation(), c.entity(), c.name()),
                c.readOnly(), c.endpoint(), c.inputSchema(), c.outputCollectionPath(), c.outputPaths(), c.inputsFrom(),
                c.outputSchema(), c.outputFields(), c.plan())).toList();
    }

    private static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }
}
