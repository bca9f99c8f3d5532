package dev.capplanner.contracts.events;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names of the fields an output schema's records carry: an order's {@code lines}, a shipment's
 * {@code carrier}, and the fields of nested records ({@code allOf} parts merged, a page's
 * {@code items} looked into), identifiers and page wrappers ({@code items}, {@code count}) aside.
 */
public final class OutputFields {

    /** Deep enough for a page of records with nested lines; a schema nested deeper adds nothing a question names. */
    private static final int MAX_DEPTH = 4;
    private static final Set<String> WRAPPERS = Set.of("items", "results", "data", "count", "total", "next", "page");

    private OutputFields() {
    }

    /** Null when there is no schema, or it names no field. */
    public static List<String> of(Map<String, Object> schema) {
        Set<String> fields = new LinkedHashSet<>();
        collect(schema, fields, 0);
        return fields.isEmpty() ? null : new ArrayList<>(fields);
    }

    private static void collect(Object schema, Set<String> fields, int depth) {
        if (!(schema instanceof Map<?, ?> node) || depth > MAX_DEPTH) {
            return;
        }
        if (node.get("allOf") instanceof List<?> parts) {
            parts.forEach(part -> collect(part, fields, depth + 1));
        }
        collect(node.get("items"), fields, depth + 1);
        if (node.get("properties") instanceof Map<?, ?> properties) {
            properties.forEach((name, property) -> {
                String field = String.valueOf(name);
                if (!WRAPPERS.contains(field) && !isIdentifier(field)) {
                    fields.add(field);
                }
                collect(property, fields, depth + 1);
            });
        }
    }

    private static boolean isIdentifier(String name) {
        return name.equals("id") || name.endsWith("Id") || name.endsWith("_id") || name.endsWith("ID");
    }
}
