package dev.capplanner.contracts.schema;

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
 * A tool call's arguments against the tool's input schema (JSON Schema 2020-12, vertx-json-schema),
 * as the planner validates a plan and the executor re-validates a call; each reports the failures
 * in its own words.
 */
public final class ToolArgumentValidation {

    private static final JsonSchemaOptions OPTIONS = new JsonSchemaOptions()
            .setDraft(Draft.DRAFT202012)
            .setBaseUri("https://capplanner.dev/tools/")
            .setOutputFormat(OutputFormat.Basic);

    private ToolArgumentValidation() {
    }

    /** The failing output units; empty when the arguments conform. */
    public static List<OutputUnit> errors(Map<String, Object> inputSchema, Map<String, Object> arguments) {
        return compile(inputSchema).errors(arguments);
    }

    /**
     * Where a value breaks the schema, each as {@code location (message)} with the location a JSON
     * Pointer (never the value), distinct, at most {@code max}; empty when it conforms.
     */
    public static List<String> violations(Map<String, Object> schema, Map<String, Object> value, int max) {
        return errors(schema, value).stream().map(error -> pointer(error.getInstanceLocation()) + " ("
                + error.getError() + ")").distinct().limit(max).toList();
    }

    private static String pointer(String location) {
        if (location == null || location.isEmpty() || location.equals("#")) {
            return "/";
        }
        return location.startsWith("#") ? location.substring(1) : location;
    }

    /** The schema compiled once, to check any number of argument sets against it. */
    public static Compiled compile(Map<String, Object> inputSchema) {
        // A deep, mutable copy: the validator annotates the schema object it is given.
        return new Compiled(Validator.create(JsonSchema.of(new JsonObject(Json.encode(inputSchema))), OPTIONS));
    }

    /** A compiled input schema; safe to share, it keeps no state between checks. */
    public static final class Compiled {

        private final Validator validator;

        private Compiled(Validator validator) {
            this.validator = validator;
        }

        /** The failing output units; empty when the arguments conform. */
        public List<OutputUnit> errors(Map<String, Object> arguments) {
            OutputUnit result = validator.validate(new JsonObject(Json.encode(arguments)));
            if (Boolean.TRUE.equals(result.getValid())) {
                return List.of();
            }
            return result.getErrors() == null || result.getErrors().isEmpty() ? List.of(result) : result.getErrors();
        }
    }
}
