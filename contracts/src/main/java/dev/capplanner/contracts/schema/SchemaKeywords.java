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
import java.util.regex.Pattern;

/** Reads one keyword of a schema into a {@link SchemaNode}; a keyword it does not know makes the schema unsupported. */
final class SchemaKeywords {

    private static final JsonSchemaOptions FORMAT_OPTIONS = new JsonSchemaOptions().setDraft(Draft.DRAFT202012)
            .setBaseUri("https://capplanner.dev/formats/").setOutputFormat(OutputFormat.Flag);

    private SchemaKeywords() {
    }

    static void read(SchemaNode node, String keyword, JsonNode value, Compiler compiler, String document) {
        switch (keyword) {
            case "type" -> node.types = types(value);
            case "const" -> node.constant = value;
            case "enum" -> node.enumeration = elements(value, keyword);
            case "minLength" -> node.minLength = count(value, keyword);
            case "maxLength" -> node.maxLength = count(value, keyword);
            case "pattern" -> node.pattern = Pattern.compile(text(value, keyword));
            case "format" -> node.format = format(text(value, keyword));
            case "minimum" -> node.minimum = number(value, keyword);
            case "maximum" -> node.maximum = number(value, keyword);
            case "exclusiveMinimum" -> node.exclusiveMinimum = number(value, keyword);
            case "exclusiveMaximum" -> node.exclusiveMaximum = number(value, keyword);
            case "items" -> node.items = compiler.inline(value, document);
            case "minItems" -> node.minItems = count(value, keyword);
            case "maxItems" -> node.maxItems = count(value, keyword);
            case "uniqueItems" -> node.uniqueItems = value.asBoolean();
            case "required" -> node.required = names(value);
            case "properties" -> node.properties = properties(value, compiler, document);
            case "additionalProperties" -> node.additionalProperties = compiler.inline(value, document);
            case "unevaluatedProperties" -> node.unevaluatedProperties = compiler.inline(value, document);
            case "propertyNames" -> node.propertyNames = compiler.inline(value, document);
            case "minProperties" -> node.minProperties = count(value, keyword);
            case "maxProperties" -> node.maxProperties = count(value, keyword);
            case "$ref" -> node.ref = compiler.reference(text(value, keyword), document);
            case "allOf" -> node.allOf = schemas(value, compiler, document, keyword);
            case "anyOf" -> node.anyOf = schemas(value, compiler, document, keyword);
            case "oneOf" -> node.oneOf = schemas(value, compiler, document, keyword);
            case "not" -> node.not = compiler.inline(value, document);
            case "if" -> node.ifSchema = compiler.inline(value, document);
            case "then" -> node.thenSchema = compiler.inline(value, document);
            case "else" -> node.elseSchema = compiler.inline(value, document);
            default -> throw new UnsupportedSchemaException("keyword " + keyword + " in " + document);
        }
    }

    private static int types(JsonNode value) {
        if (value.isTextual()) {
            return type(value.textValue());
        }
        int types = 0;
        for (JsonNode name : elements(value, "type")) {
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

    private static Map<String, SchemaNode> properties(JsonNode value, Compiler compiler, String document) {
        if (!value.isObject()) {
            throw new UnsupportedSchemaException("properties is not an object in " + document);
        }
        Map<String, SchemaNode> properties = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            properties.put(field.getKey(), compiler.inline(field.getValue(), document));
        }
        return Map.copyOf(properties);
    }

    private static SchemaNode[] schemas(JsonNode value, Compiler compiler, String document, String keyword) {
        JsonNode[] elements = elements(value, keyword);
        SchemaNode[] schemas = new SchemaNode[elements.length];
        for (int i = 0; i < elements.length; i++) {
            schemas[i] = compiler.inline(elements[i], document);
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

    private static int count(JsonNode value, String keyword) {
        if (!value.canConvertToExactIntegral() || value.asLong() < 0 || value.asLong() > Integer.MAX_VALUE) {
            throw new UnsupportedSchemaException(keyword + " is not a count");
        }
        return value.asInt();
    }

    private static BigDecimal number(JsonNode value, String keyword) {
        if (!value.isNumber()) {
            throw new UnsupportedSchemaException(keyword + " is not a number");
        }
        return value.decimalValue();
    }
}
