package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** JSON's own equality and number kinds over Jackson nodes, as JSON Schema defines them. */
final class JsonValues {

    private JsonValues() {
    }

    /**
     * A number's exact value, or null for one no decimal can hold: a literal beyond a double's range
     * (1e400) is parsed as infinity.
     */
    static BigDecimal decimal(JsonNode number) {
        return isInfinite(number) ? null : number.decimalValue();
    }

    /** A number literal beyond a double's range, parsed as infinity. */
    static boolean isInfinite(JsonNode number) {
        return number.isFloatingPointNumber() && !number.isBigDecimal() && !Double.isFinite(number.doubleValue());
    }

    /** An integer is any number without a fractional part: 1.0 is one (infinity is not). */
    static boolean isInteger(JsonNode number) {
        if (number.isIntegralNumber()) {
            return true;
        }
        BigDecimal value = number.isNumber() ? decimal(number) : null;
        return value != null && value.stripTrailingZeros().scale() <= 0;
    }

    /** Equal as JSON values: numbers by value (1 equals 1.0), objects regardless of member order. */
    static boolean same(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            BigDecimal x = decimal(a);
            BigDecimal y = decimal(b);
            return x == null || y == null ? a.doubleValue() == b.doubleValue() : x.compareTo(y) == 0;
        }
        if (a.getNodeType() != b.getNodeType()) {
            return false;
        }
        if (a.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!same(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = a.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode other = b.get(field.getKey());
                if (other == null || !same(field.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** A text equal for two values exactly when {@link #same} holds for them, to hash values by. */
    static String canonical(JsonNode value) {
        StringBuilder text = new StringBuilder();
        appendCanonical(value, text);
        return text.toString();
    }

    private static void appendCanonical(JsonNode value, StringBuilder text) {
        if (value.isNumber()) {
            BigDecimal number = decimal(value);
            text.append('#').append(number == null ? Double.toString(value.doubleValue())
                    : number.stripTrailingZeros().toString()).append(';');
        } else if (value.isArray()) {
            text.append('[');
            for (JsonNode item : value) {
                appendCanonical(item, text);
            }
            text.append(']');
        } else if (value.isObject()) {
            List<String> names = new ArrayList<>();
            value.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            text.append('{');
            for (String name : names) {
                text.append(name.length()).append(':').append(name);
                appendCanonical(value.get(name), text);
            }
            text.append('}');
        } else if (value.isTextual()) {
            text.append('"').append(value.textValue().length()).append(':').append(value.textValue());
        } else {
            text.append(value.getNodeType()).append(';').append(value.asText()).append(';');
        }
    }

    /** The JSON Pointer of {@code target} (found by identity) inside {@code root}, iteratively. */
    static Optional<String> pointerTo(JsonNode root, JsonNode target) {
        Deque<Map.Entry<String, JsonNode>> pending = new ArrayDeque<>();
        pending.push(Map.entry("", root));
        while (!pending.isEmpty()) {
            Map.Entry<String, JsonNode> at = pending.pop();
            JsonNode node = at.getValue();
            if (node == target) {
                return Optional.of(at.getKey().isEmpty() ? "/" : at.getKey());
            }
            if (node.isObject()) {
                node.fields().forEachRemaining(field -> pending.push(Map.entry(at.getKey() + "/"
                        + field.getKey().replace("~", "~0").replace("/", "~1"), field.getValue())));
            } else if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    pending.push(Map.entry(at.getKey() + "/" + i, node.get(i)));
                }
            }
        }
        return Optional.empty();
    }
}
