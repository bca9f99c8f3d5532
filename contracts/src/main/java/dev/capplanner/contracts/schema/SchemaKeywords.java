package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.contracts.schema.CompiledSchema.Compiler;
import dev.capplanner.contracts.schema.CompiledSchema.UnsupportedSchemaException;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.Validator;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Predicate;

/** Reads one keyword of a schema into a {@link SchemaNode}; a keyword it does not know makes the schema unsupported. */
final class SchemaKeywords {

    private static final JsonSchemaOptions FORMAT_OPTIONS = new JsonSchemaOptions().setDraft(Draft.DRAFT202012)
            .setBaseUri("https://capplanner.dev/formats/").setOutputFormat(OutputFormat.Flag);

    private SchemaKeywords() {
    }

    static void read(SchemaNode node, String keyword, JsonNode value, Compiler compiler, String document) {
        String here = node.location + "/" + keyword;
        switch (keyword) {
            case "type" -> node.types = types(value);
            case "const" -> node.constant = value;
            case "enum" -> node.enumeration = elements(value, keyword);
            case "minLength" -> node.minLength = count(value, keyword);
            case "maxLength" -> node.maxLength = count(value, keyword);
            case "pattern" -> {
                node.patternSource = text(value, keyword);
                node.pattern = EcmaPattern.compile(node.patternSource);
            }
            case "format" -> node.format = format(text(value, keyword));
            case "minimum" -> node.minimum = number(value, keyword);
            case "maximum" -> node.maximum = number(value, keyword);
            case "exclusiveMinimum" -> node.exclusiveMinimum = number(value, keyword);
            case "exclusiveMaximum" -> node.exclusiveMaximum = number(value, keyword);
            case "items" -> node.items = compiler.inline(value, document, here);
            case "minItems" -> node.minItems = count(value, keyword);
            case "maxItems" -> node.maxItems = count(value, keyword);
            case "uniqueItems" -> node.uniqueItems = bool(value, keyword);
            case "required" -> node.required = names(value);
            case "properties" -> node.properties = properties(value, compiler, document, here);
            case "additionalProperties" -> node.additionalProperties = compiler.inline(value, document, here);
            case "unevaluatedProperties" -> node.unevaluatedProperties = compiler.inline(value, document, here);
            case "propertyNames" -> node.propertyNames = compiler.inline(value, document, here);
            case "minProperties" -> node.minProperties = count(value, keyword);
            case "maxProperties" -> node.maxProperties = count(value, keyword);
            case "$ref" -> node.ref = compiler.reference(text(value, keyword), document);
            case "allOf" -> node.allOf = schemas(value, compiler, document, keyword, here);
            case "anyOf" -> node.anyOf = schemas(value, compiler, document, keyword, here);
            case "oneOf" -> node.oneOf = schemas(value, compiler, document, keyword, here);
            case "not" -> node.not = compiler.inline(value, document, here);
            case "if" -> node.ifSchema = compiler.inline(value, document, here);
            case "then" -> node.thenSchema = compiler.inline(value, document, here);
            case "else" -> node.elseSchema = compiler.inline(value, document, here);
            default -> throw new UnsupportedSchemaException("keyword " + keyword + " in " + document);
        }
    }

    private static int types(JsonNode value) {
        if (value.isTextual()) {
            return type(value.textValue());
        }
        JsonNode[] names = elements(value, "type");
        if (names.length == 0) {
            // Against the specification (at least one type); validators differ on what it means.
            throw new UnsupportedSchemaException("type is an empty array");
        }
        int types = 0;
        for (JsonNode name : names) {
            types |= type(text(name, "type"));
        }
        return types;
    }

    private static int type(String name) {
        return switch (name) {
            case "null" -> SchemaNode.NULL;
            case "boolean" -> SchemaNode.BOOLEAN;
            case "object" -> SchemaNode.OBJECT;
            case "array" -> SchemaNode.ARRAY;
            case "number" -> SchemaNode.NUMBER;
            case "integer" -> SchemaNode.INTEGER;
            case "string" -> SchemaNode.STRING;
            default -> throw new UnsupportedSchemaException("type " + name);
        };
    }

    /** A format as vertx-json-schema checks it: a one-keyword schema, compiled once. */
    private static Predicate<String> format(String name) {
        Validator validator = Validator.create(JsonSchema.of(new JsonObject().put("format", name)), FORMAT_OPTIONS);
        return text -> {
            try {
                return Boolean.TRUE.equals(validator.validate(text).getValid());
            } catch (RuntimeException e) {
                // vertx-json-schema throws on some values (an empty string for "email"): not conforming.
                return false;
            }
        };
    }

    private static Map<String, SchemaNode> properties(JsonNode value, Compiler compiler, String document,
                                                      String location) {
        if (!value.isObject()) {
            throw new UnsupportedSchemaException("properties is not an object in " + document);
        }
        Map<String, SchemaNode> properties = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            properties.put(field.getKey(), compiler.inline(field.getValue(), document,
                    location + "/" + field.getKey().replace("~", "~0").replace("/", "~1")));
        }
        return Map.copyOf(properties);
    }

    private static SchemaNode[] schemas(JsonNode value, Compiler compiler, String document, String keyword,
                                        String location) {
        JsonNode[] elements = elements(value, keyword);
        if (elements.length == 0) {
            throw new UnsupportedSchemaException(keyword + " is an empty array");
        }
        SchemaNode[] schemas = new SchemaNode[elements.length];
        for (int i = 0; i < elements.length; i++) {
            schemas[i] = compiler.inline(elements[i], document, location + "/" + i);
        }
        return schemas;
    }

    private static String[] names(JsonNode value) {
        JsonNode[] elements = elements(value, "required");
        String[] names = new String[elements.length];
        for (int i = 0; i < elements.length; i++) {
            names[i] = text(elements[i], "required");
        }
        return names;
    }

    private static JsonNode[] elements(JsonNode value, String keyword) {
        if (!value.isArray()) {
            throw new UnsupportedSchemaException(keyword + " is not an array");
        }
        JsonNode[] elements = new JsonNode[value.size()];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = value.get(i);
        }
        return elements;
    }

    private static String text(JsonNode value, String keyword) {
        if (!value.isTextual()) {
            throw new UnsupportedSchemaException(keyword + " is not a string");
        }
        return value.textValue();
    }

    /** A non-negative integer that an int holds, compared exactly (asLong would wrap 2^64 to 0). */
    private static int count(JsonNode value, String keyword) {
        if (!value.isNumber() || !value.canConvertToExactIntegral() || JsonValues.isInfinite(value)) {
            throw new UnsupportedSchemaException(keyword + " is not a count");
        }
        // Compared as a decimal: expanding 1e999999999 into a BigInteger would take the heap.
        BigDecimal count = value.decimalValue();
        if (count.signum() < 0 || count.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            throw new UnsupportedSchemaException(keyword + " is not a count an int holds");
        }
        return count.intValueExact();
    }

    private static boolean bool(JsonNode value, String keyword) {
        if (!value.isBoolean()) {
            throw new UnsupportedSchemaException(keyword + " is not a boolean");
        }
        return value.booleanValue();
    }

    private static BigDecimal number(JsonNode value, String keyword) {
        if (!value.isNumber() || JsonValues.isInfinite(value)) {
            throw new UnsupportedSchemaException(keyword + " is not a finite number");
        }
        return value.decimalValue();
    }
}
