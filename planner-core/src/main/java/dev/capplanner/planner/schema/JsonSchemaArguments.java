package dev.capplanner.planner.schema;

import dev.capplanner.contracts.schema.CompiledToolSchemas;
import dev.capplanner.planner.validation.ArgumentSchema;
import java.util.List;
import java.util.Map;

/**
 * JSON Schema 2020-12 (contracts' ToolArgumentValidation); every error with its instance location.
 * Each input schema is compiled once ({@link CompiledToolSchemas}: keyed by the hash of its
 * canonical form, the least used dropped past {@code capacity}).
 */
public final class JsonSchemaArguments implements ArgumentSchema {

    private final CompiledToolSchemas compiled;

    public JsonSchemaArguments() {
        this(1024);
    }

    public JsonSchemaArguments(int capacity) {
        this.compiled = new CompiledToolSchemas(capacity);
    }

    @Override
    public List<String> violations(Map<String, Object> inputSchema, Map<String, Object> arguments) {
        return compiled.of(inputSchema).errors(arguments).stream()
                .map(e -> e.getInstanceLocation() + ": " + e.getError()).distinct().toList();
    }

    /** How many schemas were compiled (cache misses). */
    public long compilations() {
        return compiled.compilations();
    }
}
