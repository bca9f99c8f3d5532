package dev.capplanner.executor.schema;

import dev.capplanner.contracts.schema.CompiledToolSchemas;
import dev.capplanner.executor.authorization.ArgumentSchemaCheck;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JSON Schema 2020-12 (contracts' ToolArgumentValidation), each tool's schema compiled once
 * ({@link CompiledToolSchemas}). Only where the arguments break the schema is reported (instance and
 * keyword locations), never an argument's value: the reason reaches events and logs.
 */
public final class JsonSchemaArgumentCheck implements ArgumentSchemaCheck {

    /** Tool schemas kept compiled: a snapshot's tools many times over. */
    private static final int CAPACITY = 1024;

    /** Keywords that only report that something beneath them failed. */
    private static final Set<String> WRAPPERS = Set.of("properties", "allOf", "anyOf", "oneOf", "$ref", "items",
            "prefixItems", "then", "else", "dependentSchemas");

    private final CompiledToolSchemas compiled = new CompiledToolSchemas(CAPACITY);

    @Override
    public List<String> violations(Map<String, Object> inputSchema, Map<String, Object> arguments) {
        var errors = compiled.of(inputSchema).errors(arguments);
        if (errors.isEmpty()) {
            return List.of();
        }
        List<String> located = errors.stream()
                .filter(e -> !WRAPPERS.contains(keyword(e.getKeywordLocation())))
                .map(e -> instance(e.getInstanceLocation()) + " (" + keyword(e.getKeywordLocation()) + ")")
                .distinct().toList();
        return located.isEmpty() ? List.of("/ (schema)") : located;
    }

    private static String instance(String location) {
        String path = location == null ? "" : location.replaceFirst("^#", "");
        return path.isEmpty() ? "/" : path;
    }

    private static String keyword(String location) {
        if (location == null || location.isEmpty()) {
            return "schema";
        }
        return location.substring(location.lastIndexOf('/') + 1);
    }
}
