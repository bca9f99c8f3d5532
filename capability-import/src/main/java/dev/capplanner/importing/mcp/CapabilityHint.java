package dev.capplanner.importing.mcp;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A server's optional capability hint, from a tool's {@code _meta["askmydocs/agent-capability"]} or
 * {@code _meta["capplanner/capability"]}, validated against the allowed fields ({@code entity},
 * {@code operation}) and normalized. It only improves what the import infers from the tool's name;
 * it can never make a tool read-only or lower its risk, so fields that would (a side effect, a
 * read-only claim) make the hint invalid. An invalid hint is ignored and counted. The raw
 * {@code _meta} is read here and nowhere else: nothing downstream ever sees it.
 */
public record CapabilityHint(String entity, String operation) {

    static final Set<String> KEYS = Set.of("askmydocs/agent-capability", "capplanner/capability");
    static final Set<String> FIELDS = Set.of("entity", "operation");
    static final Set<String> OPERATIONS = Set.of("search", "list", "get", "aggregate");
    private static final Pattern ENTITY = Pattern.compile("[a-z][a-z0-9-]{0,63}");

    /** What a tool's {@code _meta} says: no hint, a valid one, or an invalid one (to be ignored and counted). */
    public sealed interface Reading {
    }

    public record Absent() implements Reading {
    }

    public record Valid(CapabilityHint hint) implements Reading {
    }

    public record Invalid() implements Reading {
    }

    public static Reading read(Map<String, Object> meta) {
        if (meta == null) {
            return new Absent();
        }
        Object hint = null;
        for (String key : KEYS) {
            if (meta.containsKey(key)) {
                if (hint != null) {
                    return new Invalid();
                }
                hint = meta.get(key);
                if (hint == null) {
                    return new Invalid();
                }
            }
        }
        if (hint == null) {
            return new Absent();
        }
        if (!(hint instanceof Map<?, ?> fields) || fields.isEmpty() || !FIELDS.containsAll(fields.keySet())) {
            return new Invalid();
        }
        String entity = normalized(fields.get("entity"));
        String operation = normalized(fields.get("operation"));
        if (fields.containsKey("entity") && (entity == null || !ENTITY.matcher(entity).matches())) {
            return new Invalid();
        }
        if (fields.containsKey("operation") && (operation == null || !OPERATIONS.contains(operation))) {
            return new Invalid();
        }
        return new Valid(new CapabilityHint(entity, operation));
    }

    private static String normalized(Object value) {
        return value instanceof String text ? text.strip().toLowerCase(Locale.ROOT) : null;
    }
}
