package dev.capplanner.capabilityplans.execution;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * JSON values as a plan reads them: dot paths into objects, numbers compared by value whatever
 * their Java type (an API's {@code 12} equals a rule's {@code 12.0}), strings compared in order
 * (ISO dates sort as dates). A comparison across types is false, never an error.
 */
final class JsonValues {

    private JsonValues() {
    }

    /** The value at a dot path, null when a segment is missing or not an object. */
    static Object at(Object value, String path) {
        if (path == null) {
            return value;
        }
        Object current = value;
        for (String segment : path.split("\\.")) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(segment);
        }
        return current;
    }

    static Optional<BigDecimal> number(Object value) {
        if (value instanceof BigDecimal decimal) {
            return Optional.of(decimal);
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return Optional.of(BigDecimal.valueOf(((Number) value).longValue()));
        }
        if (value instanceof Number number && Double.isFinite(number.doubleValue())) {
            return Optional.of(new BigDecimal(number.toString()));
        }
        return Optional.empty();
    }

    static boolean same(Object left, Object right) {
        Optional<BigDecimal> a = number(left);
        Optional<BigDecimal> b = number(right);
        if (a.isPresent() && b.isPresent()) {
            return a.get().compareTo(b.get()) == 0;
        }
        return Objects.equals(left, right);
    }

    /** The order of two numbers or two strings; empty for anything else. */
    static Optional<Integer> order(Object left, Object right) {
        Optional<BigDecimal> a = number(left);
        Optional<BigDecimal> b = number(right);
        if (a.isPresent() && b.isPresent()) {
            return Optional.of(a.get().compareTo(b.get()));
        }
        if (left instanceof String l && right instanceof String r) {
            return Optional.of(l.compareTo(r));
        }
        return Optional.empty();
    }

    static boolean present(Object value) {
        if (value instanceof String text) {
            return !text.isEmpty();
        }
        if (value instanceof Collection<?> items) {
            return !items.isEmpty();
        }
        if (value instanceof Map<?, ?> map) {
            return !map.isEmpty();
        }
        return value != null;
    }

    static boolean contains(Object container, Object item) {
        if (container instanceof String text && item instanceof String part) {
            return text.contains(part);
        }
        if (container instanceof List<?> items) {
            return items.stream().anyMatch(element -> same(element, item));
        }
        return false;
    }
}
