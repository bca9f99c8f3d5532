package dev.capplanner.contracts.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.Validator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Tool schemas come from any OpenAPI document or MCP server, so the compiled schema is held to
 * vertx-json-schema's verdict on seeded random schemas (every keyword it compiles, nested, with
 * references, combinators and conditionals) and random values near them: values generated to fit
 * the schema, then bent. A schema the compiler refuses is left to vertx alone; the share it
 * compiles is asserted too, so the agreement is not measured on an empty set.
 */
class ToolSchemaAgreementTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String BASE = "https://capplanner.dev/tools/";
    private static final JsonSchemaOptions OPTIONS = new JsonSchemaOptions().setDraft(Draft.DRAFT202012)
            .setBaseUri(BASE).setOutputFormat(OutputFormat.Basic);
    private static final String[] PATTERNS = {"^[a-z]+$", "\\d", "^C-\\d{4}$", "^.{0,3}$", "x"};
    private static final String[] FORMATS = {"date", "date-time", "email", "uuid"};
    private static final String[] NAMES = {"id", "name", "status", "since", "limit", "tags"};

    @Test
    void randomSchemasAndValuesGetTheSameVerdict() {
        Random random = new Random(77);
        int compiledSchemas = 0;
        int accepted = 0;
        int refused = 0;
        int undecided = 0;
        List<String> disagreements = new ArrayList<>();
        for (int s = 0; s < 600; s++) {
            ObjectNode schema = schema(random, 0);
            if (random.nextInt(4) == 0) {
                ObjectNode defs = schema.putObject("$defs");
                defs.set("shared", schema(random, 1));
                schema.putArray("allOf").addObject().put("$ref", "#/$defs/shared");
            }
            CompiledSchema compiled;
            try {
                compiled = CompiledSchema.compile(BASE, Map.of(BASE, schema));
            } catch (CompiledSchema.UnsupportedSchemaException e) {
                continue;
            }
            compiledSchemas++;
            // Patterns in Java's dialect, so that both read them as ECMA-262 (CompiledSchemaTest covers the dialect).
            Validator vertx = Validator.create(JsonSchema.of(new JsonObject(SchemaPatterns.inJavaDialect(
                    JSON.convertValue(schema, Map.class)))), OPTIONS);
            for (int v = 0; v < 40; v++) {
                JsonNode value = value(schema, random, 0);
                if (random.nextInt(3) == 0) {
                    value = EventSchemasAgreementTest.mutate(NODES.arrayNode().add(value), random);
                    value = value.isEmpty() ? NODES.nullNode() : value.get(0);
                }
                Object instance = JSON.convertValue(value, Object.class);
                Boolean byVertx = verdict(vertx, instance);
                if (byVertx == null) {
                    undecided++;
                    continue;
                }
                if (byVertx != compiled.conforms(value)) {
                    disagreements.add("vertx=" + byVertx + " schema=" + schema + " value=" + value);
                }
                if (byVertx) {
                    accepted++;
                } else {
                    refused++;
                }
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(undecided).as("values vertx-json-schema threw on").isLessThan(50);
        assertThat(compiledSchemas).as("schemas compiled of 600").isGreaterThan(500);
        assertThat(accepted).isGreaterThan(3_000);
        assertThat(refused).isGreaterThan(3_000);
    }

    /**
     * vertx-json-schema's verdict, or null when it throws (it does on an empty string for format
     * "email", even where another keyword already failed): no verdict to compare with.
     */
    private static Boolean verdict(Validator vertx, Object instance) {
        try {
            return Boolean.TRUE.equals(vertx.validate(instance).getValid());
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Test
    void aValueTheValidatorCannotCheckIsRefusedNotThrown() {
        Map<String, Object> schema = Map.of("type", "object", "properties", Map.of("email", Map.of("type", "string",
                "format", "email")));
        assertThat(ToolArgumentValidation.errors(schema, Map.of("email", ""))).isNotEmpty();
        assertThat(ToolArgumentValidation.errors(schema, Map.of("email", "ann@example.com"))).isEmpty();
    }

    @Test
    void aToolSchemaWithAnUncheckedKeywordIsLeftToVertx() {
        Map<String, Object> schema = Map.of("type", "object", "properties", Map.of("id", Map.of("type", "string",
                "nullable", true)));
        assertThat(ToolArgumentValidation.errors(schema, Map.of("id", "C-1"))).isEmpty();
        assertThat(ToolArgumentValidation.errors(schema, Map.of("id", 7))).isNotEmpty();
    }

    private static ObjectNode schema(Random random, int depth) {
        ObjectNode schema = NODES.objectNode();
        int kind = depth >= 3 ? random.nextInt(4) : random.nextInt(7);
        switch (kind) {
            case 0 -> {
                schema.put("type", "string");
                if (random.nextBoolean()) {
                    schema.put("minLength", random.nextInt(3));
                }
                if (random.nextBoolean()) {
                    schema.put("maxLength", 2 + random.nextInt(6));
                }
                if (random.nextInt(3) == 0) {
                    schema.put("pattern", PATTERNS[random.nextInt(PATTERNS.length)]);
                }
                if (random.nextInt(4) == 0) {
                    schema.put("format", FORMATS[random.nextInt(FORMATS.length)]);
                }
                if (random.nextInt(4) == 0) {
                    schema.putArray("enum").add("open").add("closed").add("C-1001");
                }
            }
            case 1 -> {
                schema.put("type", random.nextBoolean() ? "integer" : "number");
                if (random.nextBoolean()) {
                    schema.put("minimum", random.nextInt(3) - 1);
                }
                if (random.nextBoolean()) {
                    schema.put("maximum", 5 + random.nextInt(100));
                }
                if (random.nextInt(4) == 0) {
                    schema.put("exclusiveMaximum", 50);
                }
            }
            case 2 -> schema.putArray("type").add("string").add("null");
            case 3 -> {
                if (random.nextBoolean()) {
                    schema.put("const", random.nextBoolean() ? "v1" : "1");
                } else {
                    schema.put("type", "boolean");
                }
            }
            case 4 -> {
                schema.put("type", "array");
                schema.set("items", schema(random, depth + 1));
                if (random.nextBoolean()) {
                    schema.put("maxItems", 1 + random.nextInt(4));
                }
                if (random.nextBoolean()) {
                    schema.put("minItems", random.nextInt(2));
                }
                if (random.nextInt(3) == 0) {
                    schema.put("uniqueItems", true);
                }
            }
            case 5 -> {
                ArrayNode branches = schema.putArray(new String[] {"anyOf", "oneOf", "allOf"}[random.nextInt(3)]);
                branches.add(schema(random, depth + 1));
                branches.add(schema(random, depth + 1));
                if (random.nextInt(4) == 0) {
                    schema.set("not", schema(random, depth + 1));
                }
            }
            default -> {
                schema.put("type", "object");
                ObjectNode properties = schema.putObject("properties");
                ArrayNode required = NODES.arrayNode();
                for (String name : NAMES) {
                    if (random.nextInt(3) == 0) {
                        properties.set(name, schema(random, depth + 1));
                        if (random.nextBoolean()) {
                            required.add(name);
                        }
                    }
                }
                if (!required.isEmpty()) {
                    schema.set("required", required);
                }
                switch (random.nextInt(4)) {
                    case 0 -> schema.put("additionalProperties", false);
                    case 1 -> schema.set("additionalProperties", schema(random, depth + 1));
                    case 2 -> schema.put("unevaluatedProperties", false);
                    default -> { }
                }
                if (random.nextInt(4) == 0) {
                    schema.put("maxProperties", 1 + random.nextInt(3));
                }
                if (random.nextInt(5) == 0) {
                    schema.set("if", NODES.objectNode().set("properties", NODES.objectNode().set("status",
                            NODES.objectNode().put("const", "open"))));
                    schema.set("then", NODES.objectNode().set("required", NODES.arrayNode().add("since")));
                }
                if (random.nextInt(6) == 0) {
                    schema.set("propertyNames", NODES.objectNode().put("maxLength", 5));
                }
            }
        }
        return schema;
    }

    /** A value made to fit the schema as far as a simple reading of it goes; combinators get a guess. */
    private static JsonNode value(JsonNode schema, Random random, int depth) {
        if (schema.has("const")) {
            return schema.get("const");
        }
        if (schema.has("enum")) {
            return schema.get("enum").get(random.nextInt(schema.get("enum").size()));
        }
        for (String combinator : new String[] {"anyOf", "oneOf", "allOf"}) {
            if (schema.has(combinator)) {
                return value(schema.get(combinator).get(random.nextInt(schema.get(combinator).size())), random,
                        depth + 1);
            }
        }
        JsonNode type = schema.get("type");
        String kind = type == null ? "string" : type.isArray() ? type.get(random.nextInt(type.size())).asText()
                : type.asText();
        return switch (kind) {
            case "null" -> NODES.nullNode();
            case "boolean" -> NODES.booleanNode(random.nextBoolean());
            case "integer" -> NODES.numberNode(random.nextInt(120) - 5);
            case "number" -> random.nextBoolean() ? NODES.numberNode(random.nextInt(60) + 0.5)
                    : NODES.numberNode(random.nextInt(60) * 1.0);
            case "array" -> {
                ArrayNode array = NODES.arrayNode();
                int size = random.nextInt(4);
                for (int i = 0; i < size && depth < 5; i++) {
                    array.add(value(schema.get("items"), random, depth + 1));
                }
                yield array;
            }
            case "object" -> {
                ObjectNode object = NODES.objectNode();
                schema.path("properties").fields().forEachRemaining(field -> {
                    if (random.nextInt(4) != 0 && depth < 5) {
                        object.set(field.getKey(), value(field.getValue(), random, depth + 1));
                    }
                });
                if (random.nextInt(4) == 0) {
                    object.put("extra", "x");
                }
                yield object;
            }
            default -> {
                String[] strings = {"abc", "C-1001", "2026-11-30", "2026-11-30T09:15:00Z", "ann@example.com",
                        "123e4567-e89b-12d3-a456-426614174000", "", "open", "x1", "\ud83d\ude00\ud83d\ude00"};
                yield NODES.textNode(strings[random.nextInt(strings.length)]);
            }
        };
    }
}
