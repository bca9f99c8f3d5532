package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Masks one report before it is stored or logged (rule "mask before storing"): free text through
 * the {@link TextMasker}, any value under a sensitive key whole, and every value the planner bound
 * from the question wherever it appears (in the question, either plan, a reason). JSON structure and
 * argument names are kept, so analysts still compare the plans.
 */
public final class ReportMasker {

    /** Shorter values would mask ordinary words wherever they occur. */
    static final int MIN_BOUND_LENGTH = 3;

    private final TextMasker text;
    private final Function<String, SensitiveKeys> keysOfTenant;

    public ReportMasker(TextMasker text, Function<String, SensitiveKeys> keysOfTenant) {
        this.text = text;
        this.keysOfTenant = keysOfTenant;
    }

    /** A masking context for one report: its tenant's keys and the values bound from its question. */
    public Context forReport(String tenantId, String question, List<Object> plans) {
        SensitiveKeys keys = keysOfTenant.apply(tenantId);
        Map<String, SensitiveKind> bound = new LinkedHashMap<>();
        String lowerQuestion = question == null ? "" : question.toLowerCase(Locale.ROOT);
        plans.forEach(plan -> collectBound(plan, null, lowerQuestion, keys, bound));
        return new Context(keys, bound);
    }

    private static void collectBound(Object value, String key, String question, SensitiveKeys keys,
                                     Map<String, SensitiveKind> bound) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> collectBound(v, String.valueOf(k), question, keys, bound));
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collectBound(v, key, question, keys, bound));
        } else if (value != null && key != null && !(value instanceof Boolean)) {
            String text = String.valueOf(value).strip();
            if (text.length() >= MIN_BOUND_LENGTH && question.contains(text.toLowerCase(Locale.ROOT))) {
                bound.putIfAbsent(text, keys.kindOf(key).orElse(SensitiveKind.VALUE));
            }
        }
    }

    /** Masking with one report's tenant keys and bound values. */
    public final class Context {
        private final SensitiveKeys keys;
        private final Map<String, SensitiveKind> bound;

        private Context(SensitiveKeys keys, Map<String, SensitiveKind> bound) {
            this.keys = keys;
            this.bound = Map.copyOf(bound);
        }

        public String text(String value) {
            return text.mask(value, bound);
        }

        public Object tree(Object value) {
            return tree(value, null);
        }

        private Object tree(Object value, SensitiveKind keyKind) {
            if (value instanceof Map<?, ?> map) {
                Map<String, Object> masked = new LinkedHashMap<>();
                map.forEach((k, v) -> masked.put(String.valueOf(k),
                        tree(v, keys.kindOf(String.valueOf(k)).orElse(null))));
                return masked;
            }
            if (value instanceof List<?> list) {
                List<Object> masked = new ArrayList<>(list.size());
                list.forEach(v -> masked.add(tree(v, keyKind)));
                return masked;
            }
            if (value == null || value instanceof Boolean) {
                return value;
            }
            if (keyKind != null) {
                return pseudonymOf(keyKind, String.valueOf(value));
            }
            return value instanceof String string ? text(string) : value;
        }

        private String pseudonymOf(SensitiveKind kind, String value) {
            // The same value gets the same pseudonym here as where the text masker found it.
            SensitiveKind known = bound.get(value.strip());
            return text.mask(value, Map.of(value, known != null ? known : kind));
        }
    }
}
