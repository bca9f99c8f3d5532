package dev.capplanner.executor.evidence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Summarizes a live result as evidence (rules "evidence envelope" and "evidence budget"): the record
 * count and identifiers of the declared collection, or of the single record when the tool declares
 * none; inline only as many rows as the budget allows (in order, each whole), a record over the byte
 * budget not at all, and whatever was left out marked truncated.
 */
public final class EvidenceSummarizer {

    static final int MAX_IDENTIFIERS = 50;

    private final EvidenceBudget budget;
    private final ObjectMapper json = new ObjectMapper();

    public EvidenceSummarizer() {
        this(EvidenceBudget.DEFAULT);
    }

    public EvidenceSummarizer(EvidenceBudget budget) {
        this.budget = budget;
    }

    public EvidenceSummary summarize(String tool, String collectionPath, Object body) {
        if (collectionPath != null && at(body, collectionPath) instanceof List<?> rows) {
            List<String> ids = new ArrayList<>();
            for (Object row : rows) {
                if (ids.size() == MAX_IDENTIFIERS) {
                    break;
                }
                identifier(row).ifPresent(ids::add);
            }
            List<Object> inline = new ArrayList<>();
            Object data = replaced(body, collectionPath, inline);
            for (Object row : rows) {
                if (inline.size() == budget.maxInlineRows()) {
                    break;
                }
                inline.add(row);
                if (bytes(data) > budget.maxInlineBytes()) {
                    inline.remove(inline.size() - 1);
                    break;
                }
            }
            return new EvidenceSummary(tool, rows.size(), ids, collectionPath, data, inline.size() < rows.size(),
                    new ArrayList<>(rows), null, IdentifierPaths.of(body, collectionPath, rows));
        }
        List<String> ids = identifier(body).map(List::of).orElse(List.of());
        boolean fits = bytes(body) <= budget.maxInlineBytes();
        return new EvidenceSummary(tool, body == null ? 0 : 1, ids, null, fits ? body : null, !fits, List.of(), null,
                IdentifierPaths.of(body, null, List.of()));
    }

    /** A copy of the body with the collection at {@code path} replaced by {@code rows} (the same list object). */
    @SuppressWarnings("unchecked")
    private static Object replaced(Object body, String path, List<Object> rows) {
        String[] segments = path.split("\\.");
        Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) body);
        Map<String, Object> current = copy;
        for (int i = 0; i < segments.length - 1; i++) {
            Map<String, Object> inner = new LinkedHashMap<>((Map<String, Object>) current.get(segments[i]));
            current.put(segments[i], inner);
            current = inner;
        }
        current.put(segments[segments.length - 1], rows);
        return copy;
    }

    private int bytes(Object value) {
        try {
            return json.writeValueAsBytes(value).length;
        } catch (JsonProcessingException e) {
            return Integer.MAX_VALUE;
        }
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

    private static Optional<String> identifier(Object row) {
        if (row instanceof Map<?, ?> map && map.get("id") != null) {
            return Optional.of(String.valueOf(map.get("id")));
        }
        return Optional.empty();
    }
}
