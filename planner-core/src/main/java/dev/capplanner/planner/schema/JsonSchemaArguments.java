package dev.capplanner.planner.schema;

import dev.capplanner.contracts.schema.ToolArgumentValidation;
import dev.capplanner.planner.validation.ArgumentSchema;
import java.util.List;
import java.util.Map;

/** JSON Schema 2020-12 with vertx-json-schema; every error with its instance location. */
public final class JsonSchemaArguments implements ArgumentSchema {

    @Override
    public List<String> violations(Map<String, Object> inputSchema, Map<String, Object> arguments) {
        return ToolArgumentValidation.errors(inputSchema, arguments).stream()
                .map(e -> e.getInstanceLocation() + ": " + e.getError()).distinct().toList();
    }
}
