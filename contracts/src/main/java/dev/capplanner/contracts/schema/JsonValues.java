package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;

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
}
