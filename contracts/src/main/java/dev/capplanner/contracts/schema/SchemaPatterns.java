package dev.capplanner.contracts.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A copy of a schema with its {@code pattern} keywords rewritten or left out, for vertx-json-schema:
 * it reads a pattern as a Java regular expression, where JSON Schema means ECMA-262. Only keyword
 * positions are walked (a property named "pattern", or a {@code const} holding one, stays as it is).
 */
final class SchemaPatterns {

    private static final Set<String> ONE_SCHEMA = Set.of("items", "additionalProperties", "unevaluatedProperties",
            "propertyNames", "not", "if", "then", "else", "contains", "additionalItems", "unevaluatedItems");
    private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");
    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "$defs", "definitions", "patternProperties",
            "dependentSchemas");

    private SchemaPatterns() {
    }

    /** Each pattern replaced by what {@code rewrite} makes of it; a pattern it maps to null is left out. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> rewritten(Map<String, Object> schema, UnaryOperator<String> rewrite) {
        return (Map<String, Object>) schema(schema, rewrite);
    }

    /** Patterns in the Java dialect where they translate, as they are where they do not. */
    static Map<String, Object> inJavaDialect(Map<String, Object> schema) {
        return rewritten(schema, pattern -> {
            try {
                return EcmaPattern.toJava(pattern);
            } catch (CompiledSchema.UnsupportedSchemaException e) {
                return pattern;
            }
        });
    }

    private static Object schema(Object schema, UnaryOperator<String> rewrite) {
        if (!(schema instanceof Map<?, ?> keywords)) {
            return schema;
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> keyword : keywords.entrySet()) {
            String name = String.valueOf(keyword.getKey());
            Object value = keyword.getValue();
            if (name.equals("pattern") && value instanceof String pattern) {
                value = rewrite.apply(pattern);
                if (value == null) {
                    continue;
                }
            } else if (ONE_SCHEMA.contains(name)) {
                value = schema(value, rewrite);
            } else if (SCHEMA_LISTS.contains(name) && value instanceof List<?> list) {
                List<Object> schemas = new ArrayList<>();
                list.forEach(each -> schemas.add(schema(each, rewrite)));
                value = schemas;
            } else if (SCHEMA_MAPS.contains(name) && value instanceof Map<?, ?> map) {
                Map<String, Object> schemas = new LinkedHashMap<>();
                map.forEach((key, each) -> schemas.put(String.valueOf(key), schema(each, rewrite)));
                value = schemas;
            }
            copy.put(name, value);
        }
        return copy;
    }
}
