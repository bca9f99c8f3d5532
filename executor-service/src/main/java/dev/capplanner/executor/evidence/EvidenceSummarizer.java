package dev.capplanner.executor.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Summarizes a live result as evidence (rule "evidence envelope"): the record count and
 * identifiers of the declared collection, or of the single record when the tool declares none.
 */
public final class EvidenceSummarizer {

    static final int MAX_IDENTIFIERS = 50;

    public EvidenceSummary summarize(String tool, String collectionPath, Object body) {
        if (collectionPath != null) {
            Object collection = at(body, collectionPath);
            if (collection instanceof List<?> rows) {
                List<String> ids = new ArrayList<>();
                for (Object row : rows) {
                    if (ids.size() == MAX_IDENTIFIERS) {
                        break;
                    }
                    identifier(row).ifPresent(ids::add);
                }
                return new EvidenceSummary(tool, rows.size(), ids, collectionPath, body);
            }
        }
        List<String> ids = identifier(body).map(List::of).orElse(List.of());
        return new EvidenceSummary(tool, body == null ? 0 : 1, ids, null, body);
    }

    private static Object at(Object body, String path) {
        Object current = body;
        for (String segment : path.split("\\.")) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(segment);
        }
        return current;
    }

    private static java.util.Optional<String> identifier(Object row) {
        if (row instanceof Map<?, ?> map && map.get("id") != null) {
            return java.util.Optional.of(String.valueOf(map.get("id")));
        }
        return java.util.Optional.empty();
    }
}
