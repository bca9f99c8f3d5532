package dev.capplanner.executor.evidence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The identifier values a result holds, by the path they were found at: the record's own identifier
 * fields ({@code id}, {@code customerId}, {@code order_id}), or those of every row of its collection
 * ({@code items[].id}); nothing else (no names, no free text). This is the shape a planner re-plans
 * from when a tool declares no output schema; bounded like the identifiers of the evidence.
 */
final class IdentifierPaths {

    static final int MAX_PATHS = 20;

    private IdentifierPaths() {
    }

    static Map<String, List<String>> of(Object body, String collectionPath, List<?> rows) {
        Map<String, List<String>> observed = new LinkedHashMap<>();
        if (collectionPath != null) {
            rows.forEach(row -> collect(row, collectionPath + "[].", observed));
        } else if (body instanceof List<?> list) {
            list.forEach(row -> collect(row, "[].", observed));
        } else {
            collect(body, "", observed);
        }
        return observed;
    }

    private static void collect(Object record, String prefix, Map<String, List<String>> observed) {
        if (!(record instanceof Map<?, ?> fields)) {
            return;
        }
        fields.forEach((name, value) -> {
            String field = String.valueOf(name);
            boolean scalar = value instanceof String || value instanceof Number;
            if (!scalar || !isIdentifier(field)) {
                return;
            }
            String path = prefix + field;
            if (!observed.containsKey(path) && observed.size() == MAX_PATHS) {
                return;
            }
            List<String> values = observed.computeIfAbsent(path, p -> new ArrayList<>());
            if (values.size() < EvidenceSummarizer.MAX_IDENTIFIERS) {
                values.add(String.valueOf(value));
            }
        });
    }

    private static boolean isIdentifier(String name) {
        return name.equals("id") || name.endsWith("Id") || name.endsWith("_id") || name.endsWith("ID");
    }
}
