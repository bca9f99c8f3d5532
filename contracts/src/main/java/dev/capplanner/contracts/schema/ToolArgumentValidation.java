package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.schema.CompiledSchema.UnsupportedSchemaException;
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
 * in its own words. A schema made only of keywords {@link CompiledSchema} checks is also compiled by
 * it: a value it accepts is accepted without vertx-json-schema, which still says why a value fails.
 */
public final class ToolArgumentValidation {

    private static final String BASE_URI = "https://capplanner.dev/tools/";
    private static final JsonSchemaOptions OPTIONS = new JsonSchemaOptions()
            .setDraft(Draft.DRAFT202012)
            .setBaseUri(BASE_URI)
            .setOutputFormat(OutputFormat.Basic);
    private static final ObjectMapper JSON = new ObjectMapper();

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

    /**
     * The schema compiled once, to check any number of argument sets against it. A schema neither
     * validator can read (vertx-json-schema refuses a nested {@code $id}, for one) refuses every value:
     * arguments that cannot be checked are not passed on.
     */
    public static Compiled compile(Map<String, Object> inputSchema) {
        CompiledSchema fast = fast(inputSchema);
        // With a compiled schema, vertx-json-schema only explains a refusal, and is not given the patterns:
        // the compiled check runs them within a budget, a plain java.util.regex match may backtrack without end.
        Map<String, Object> explained = fast == null ? SchemaPatterns.inJavaDialect(inputSchema)
                : SchemaPatterns.rewritten(inputSchema, pattern -> null);
        try {
            // A deep, mutable copy: the validator annotates the schema object it is given.
            Validator validator = Validator.create(JsonSchema.of(new JsonObject(Json.encode(explained))), OPTIONS);
            return new Compiled(validator, fast);
        } catch (RuntimeException | StackOverflowError e) {
            return new Compiled(null, null);
        }
    }

    /** The schema compiled for the yes-or-no question, or null when it uses a keyword the compiler does not check. */
    private static CompiledSchema fast(Map<String, Object> inputSchema) {
        try {
            return CompiledSchema.compile(BASE_URI, Map.of(BASE_URI, JSON.valueToTree(inputSchema)));
        } catch (UnsupportedSchemaException | IllegalArgumentException e) {
            return null;
        }
    }

    /** A compiled input schema; safe to share, it keeps no state between checks. */
    public static final class Compiled {

        /** Null when the schema cannot be read at all. */
        private final Validator validator;
        private final CompiledSchema fast;

        private Compiled(Validator validator, CompiledSchema fast) {
            this.validator = validator;
            this.fast = fast;
        }

        /**
         * The failing output units; empty when the arguments conform. With a compiled schema, both
         * must accept (ToolSchemaAgreementTest holds them to the same verdict).
         */
        public List<OutputUnit> errors(Map<String, Object> arguments) {
            if (validator == null) {
                return refusal("the input schema cannot be read, so no value is accepted");
            }
            JsonNode tree = fast == null ? null : JSON.valueToTree(arguments);
            if (fast != null) {
                CompiledSchema.Verdict verdict = fast.check(tree);
                if (verdict == CompiledSchema.Verdict.CONFORMS) {
                    return List.of();
                }
                if (verdict == CompiledSchema.Verdict.UNCHECKABLE) {
                    return refusal("could not be checked within the check's budget");
                }
            }
            OutputUnit result;
            try {
                result = validator.validate(new JsonObject(Json.encode(arguments)));
            } catch (RuntimeException | StackOverflowError e) {
                // vertx-json-schema throws on some values (an empty string for format "email"): refused, not a crash.
                return refusal("could not be checked (" + e.getClass().getSimpleName() + ")");
            }
            if (Boolean.TRUE.equals(result.getValid())) {
                return fast == null ? List.of() : fast.patternMiss(tree)
                        .map(miss -> List.of(new OutputUnit("#" + miss.pointer(), BASE_URI + "#"
                                + miss.keywordLocation(), "#" + miss.keywordLocation(),
                                "String does not match pattern " + miss.pattern())))
                        .orElseGet(() -> refusal("refused by the compiled schema"));
            }
            return result.getErrors() == null || result.getErrors().isEmpty() ? List.of(result) : result.getErrors();
        }

        private static List<OutputUnit> refusal(String why) {
            return List.of(new OutputUnit("#", BASE_URI, "#", why));
        }
    }
}
