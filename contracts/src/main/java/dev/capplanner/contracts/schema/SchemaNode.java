package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One compiled schema location: the keywords it has, read once, each checked only when present. A
 * keyword that does not apply to the value's type passes, as the specification says.
 */
final class SchemaNode {

    static final int NULL = 1;
    static final int BOOLEAN = 1 << 1;
    static final int OBJECT = 1 << 2;
    static final int ARRAY = 1 << 3;
    static final int NUMBER = 1 << 4;
    static final int INTEGER = 1 << 5;
    static final int STRING = 1 << 6;

    /** Where the schema is in its document, as a JSON Pointer ("" for the document itself). */
    final String location;

    /** A boolean schema: true accepts everything, false nothing; null for an object schema. */
    Boolean always;
    int types;
    JsonNode constant;
    JsonNode[] enumeration;

    int minLength = -1;
    int maxLength = -1;
    Pattern pattern;
    /** The pattern as the schema wrote it (ECMA-262), to name it where a string fails it. */
    String patternSource;
    /** The format keyword, checked by vertx-json-schema itself so that both agree on what a date-time is. */
    Predicate<String> format;

    BigDecimal minimum;
    BigDecimal maximum;
    BigDecimal exclusiveMinimum;
    BigDecimal exclusiveMaximum;

    SchemaNode items;
    int minItems = -1;
    int maxItems = -1;
    boolean uniqueItems;

    String[] required;
    Map<String, SchemaNode> properties;
    SchemaNode additionalProperties;
    SchemaNode unevaluatedProperties;
    SchemaNode propertyNames;
    int minProperties = -1;
    int maxProperties = -1;

    SchemaNode ref;
    SchemaNode[] allOf;
    SchemaNode[] anyOf;
    SchemaNode[] oneOf;
    SchemaNode not;
    SchemaNode ifSchema;
    SchemaNode thenSchema;
    SchemaNode elseSchema;

    SchemaNode(String location) {
        this.location = location;
    }

    /**
     * Whether {@code value} conforms. When {@code evaluated} is given (a caller with
     * unevaluatedProperties asks), the names of the object's properties this schema evaluated are
     * added to it; they are only meaningful when the answer is true.
     */
    boolean accepts(JsonNode value, Set<String> evaluated, Evaluation evaluation) {
        evaluation.spend();
        if (always != null) {
            return always;
        }
        if (types != 0 && (types & typeOf(value)) == 0) {
            return false;
        }
        if (constant != null && !JsonValues.same(constant, value)) {
            return false;
        }
        if (enumeration != null && !anyEqual(enumeration, value)) {
            return false;
        }
        if (value.isTextual() && !acceptsString(value, evaluation)) {
            return false;
        }
        if (value.isNumber() && !acceptsNumber(value)) {
            return false;
        }
        if (value.isArray() && !acceptsArray(value, evaluation)) {
            return false;
        }
        if (!value.isObject()) {
            return acceptsInPlace(value, null, evaluation);
        }
        // unevaluatedProperties sees only what this schema and its in-place subschemas evaluated, never
        // what its parent or the parent's other subschemas did: it gets a set of its own.
        Set<String> own = unevaluatedProperties != null ? new HashSet<>() : evaluated;
        if (!acceptsObject(value, own, evaluation) || !acceptsInPlace(value, own, evaluation)) {
            return false;
        }
        if (unevaluatedProperties == null) {
            return true;
        }
        if (!acceptsUnevaluated(value, own, evaluation)) {
            return false;
        }
        if (evaluated != null) {
            evaluated.addAll(own);
        }
        return true;
    }

    private boolean acceptsString(JsonNode value, Evaluation evaluation) {
        String text = value.textValue();
        if (minLength >= 0 || maxLength >= 0) {
            int length = text.codePointCount(0, text.length());
            if ((minLength >= 0 && length < minLength) || (maxLength >= 0 && length > maxLength)) {
                return false;
            }
        }
        if (pattern != null && !pattern.matcher(evaluation.text(text)).find()) {
            evaluation.patternMissed(value, this);
            return false;
        }
        return format == null || format.test(text);
    }

    /** A number no decimal holds (infinity) is refused: JSON has no such number. */
    private boolean acceptsNumber(JsonNode value) {
        if (minimum == null && maximum == null && exclusiveMinimum == null && exclusiveMaximum == null) {
            return !JsonValues.isInfinite(value);
        }
        BigDecimal number = JsonValues.decimal(value);
        return number != null && (minimum == null || number.compareTo(minimum) >= 0)
                && (maximum == null || number.compareTo(maximum) <= 0)
                && (exclusiveMinimum == null || number.compareTo(exclusiveMinimum) > 0)
                && (exclusiveMaximum == null || number.compareTo(exclusiveMaximum) < 0);
    }

    private boolean acceptsArray(JsonNode array, Evaluation evaluation) {
        int size = array.size();
        if ((minItems >= 0 && size < minItems) || (maxItems >= 0 && size > maxItems)) {
            return false;
        }
        if (items != null) {
            for (JsonNode item : array) {
                if (!items.accepts(item, null, evaluation)) {
                    return false;
                }
            }
        }
        if (uniqueItems && size > 1) {
            // By canonical form, in one pass: comparing every pair is quadratic in a length the sender chooses.
            Set<String> seen = new HashSet<>();
            for (JsonNode item : array) {
                if (!seen.add(JsonValues.canonical(item))) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean acceptsObject(JsonNode object, Set<String> evaluated, Evaluation evaluation) {
        int size = object.size();
        if ((minProperties >= 0 && size < minProperties) || (maxProperties >= 0 && size > maxProperties)) {
            return false;
        }
        if (required != null) {
            for (String name : required) {
                if (!object.has(name)) {
                    return false;
                }
            }
        }
        if (properties == null && additionalProperties == null && propertyNames == null) {
            return true;
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            String name = field.getKey();
            if (propertyNames != null && !propertyNames.accepts(TextNode.valueOf(name), null, evaluation)) {
                return false;
            }
            SchemaNode declared = properties == null ? null : properties.get(name);
            SchemaNode check = declared != null ? declared : additionalProperties;
            if (check != null) {
                if (!check.accepts(field.getValue(), null, evaluation)) {
                    return false;
                }
                if (evaluated != null) {
                    evaluated.add(name);
                }
            }
        }
        return true;
    }

    /** $ref, allOf, anyOf, oneOf, not, if/then/else: subschemas applied to the same value. */
    private boolean acceptsInPlace(JsonNode value, Set<String> evaluated, Evaluation evaluation) {
        if (ref != null && !ref.accepts(value, evaluated, evaluation)) {
            return false;
        }
        if (allOf != null) {
            for (SchemaNode schema : allOf) {
                if (!schema.accepts(value, evaluated, evaluation)) {
                    return false;
                }
            }
        }
        if (anyOf != null && !acceptsAny(value, evaluated, evaluation)) {
            return false;
        }
        if (oneOf != null && !acceptsExactlyOne(value, evaluated, evaluation)) {
            return false;
        }
        if (not != null && not.accepts(value, null, evaluation)) {
            return false;
        }
        if (ifSchema != null) {
            Set<String> condition = evaluated == null ? null : new HashSet<>();
            if (ifSchema.accepts(value, condition, evaluation)) {
                if (evaluated != null) {
                    evaluated.addAll(condition);
                }
                return thenSchema == null || thenSchema.accepts(value, evaluated, evaluation);
            }
            return elseSchema == null || elseSchema.accepts(value, evaluated, evaluation);
        }
        return true;
    }

    private boolean acceptsAny(JsonNode value, Set<String> evaluated, Evaluation evaluation) {
        boolean any = false;
        for (SchemaNode schema : anyOf) {
            // Every branch that holds adds its annotations; without them the first one decides.
            Set<String> branch = evaluated == null ? null : new HashSet<>();
            if (schema.accepts(value, branch, evaluation)) {
                any = true;
                if (evaluated == null) {
                    return true;
                }
                evaluated.addAll(branch);
            }
        }
        return any;
    }

    private boolean acceptsExactlyOne(JsonNode value, Set<String> evaluated, Evaluation evaluation) {
        Set<String> matched = null;
        int matches = 0;
        for (SchemaNode schema : oneOf) {
            Set<String> branch = evaluated == null ? null : new HashSet<>();
            if (schema.accepts(value, branch, evaluation)) {
                matches++;
                matched = branch;
                if (matches > 1) {
                    return false;
                }
            }
        }
        if (matches == 1 && evaluated != null) {
            evaluated.addAll(matched);
        }
        return matches == 1;
    }

    private boolean acceptsUnevaluated(JsonNode object, Set<String> evaluated, Evaluation evaluation) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!evaluated.contains(field.getKey())) {
                if (!unevaluatedProperties.accepts(field.getValue(), null, evaluation)) {
                    return false;
                }
                evaluated.add(field.getKey());
            }
        }
        return true;
    }

    /** The subschemas applied to this same value: a cycle through them alone never ends. */
    void inPlace(Consumer<SchemaNode> visit) {
        visitAll(visit, ref, not, ifSchema, thenSchema, elseSchema);
        visitAll(visit, allOf);
        visitAll(visit, anyOf);
        visitAll(visit, oneOf);
    }

    /** The subschemas applied to the value's members, items or property names. */
    void below(Consumer<SchemaNode> visit) {
        visitAll(visit, items, additionalProperties, unevaluatedProperties, propertyNames);
        if (properties != null) {
            properties.values().forEach(visit);
        }
    }

    private static void visitAll(Consumer<SchemaNode> visit, SchemaNode... schemas) {
        if (schemas != null) {
            for (SchemaNode schema : schemas) {
                if (schema != null) {
                    visit.accept(schema);
                }
            }
        }
    }

    private static boolean anyEqual(JsonNode[] values, JsonNode value) {
        for (JsonNode candidate : values) {
            if (JsonValues.same(candidate, value)) {
                return true;
            }
        }
        return false;
    }

    static int typeOf(JsonNode value) {
        return switch (value.getNodeType()) {
            case NULL -> NULL;
            case BOOLEAN -> BOOLEAN;
            case OBJECT -> OBJECT;
            case ARRAY -> ARRAY;
            case STRING -> STRING;
            case NUMBER -> JsonValues.isInteger(value) ? NUMBER | INTEGER : NUMBER;
            default -> 0;
        };
    }
}
