package dev.capplanner.executor.schema;

import dev.capplanner.executor.authorization.ArgumentSchemaCheck;
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

/**
 * JSON Schema 2020-12 with vertx-json-schema. Only where the arguments break the schema is reported
 * (instance and keyword locations), never an argument's value: the reason reaches events and logs.
 */
public final class JsonSchemaArgumentCheck implements ArgumentSchemaCheck {

    /** Keywords that only report that something beneath them failed. */
    private static final java.util.Set<String> WRAPPERS = java.util.Set.of("properties", "allOf", "anyOf", "oneOf",
            "$ref", "items", "prefixItems", "then", "else", "dependentSchemas");
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
