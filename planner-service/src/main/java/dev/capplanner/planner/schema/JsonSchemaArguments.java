package dev.capplanner.planner.schema;

import dev.capplanner.planner.validation.ArgumentSchema;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.util.List;
import java.util.Map;

/** JSON Schema 2020-12 with vertx-json-schema; every error with its instance location. */
public final class JsonSchemaArguments implements ArgumentSchema {

    private static final JsonSchemaOptions OPTIONS = new JsonSchemaOptions()
            .setDraft(Draft.DRAFT202012)
            .setBaseUri("https://capplanner.dev/tools/")
            .setOutputFormat(OutputFormat.Basic);

    @Override
    public List<String> violations(Map<String, Object> inputSchema, Map<String, Object> arguments) {
        // Deep, mutable copies: the validator annotates the schema object it is given.
        OutputUnit result = Validator.create(JsonSchema.of(new JsonObject(Json.encode(inputSchema))), OPTIONS)
                .validate(new JsonObject(Json.encode(arguments)));
        if (Boolean.TRUE.equals(result.getValid())) {
            return List.of();
        }
        List<OutputUnit> errors = result.getErrors() == null || result.getErrors().isEmpty()
                ? List.of(result) : result.getErrors();
        return errors.stream().map(e -> e.getInstanceLocation() + ": " + e.getError()).distinct().toList();
    }
}
