package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The values a plan bound from the question ({@link ReportMasker}), with their kinds, and the forms
 * the masker searches every text of the report for (normalized, lower case, longest first): made
 * once per report, not once per text (a report has dozens of texts: keys, tool names, values).
 */
public final class KnownValues {

    static final KnownValues NONE = new KnownValues(Map.of());

    /** A value as searched for: normalized and in lower case, one character for one. */
    record Searched(String lower, SensitiveKind kind) {
    }

    private final Map<String, SensitiveKind> kinds;
    private final List<Searched> searched;

    private KnownValues(Map<String, SensitiveKind> kinds) {
        this.kinds = Map.copyOf(kinds);
        List<Searched> forms = new ArrayList<>();
        kinds.entrySet().stream()
                .filter(entry -> !entry.getKey().isEmpty() && entry.getKey().length() <= TextMasker.MAX_KNOWN_VALUE_CHARS)
                .sorted(Comparator.comparingInt((Map.Entry<String, SensitiveKind> e) -> e.getKey().length()).reversed())
                .forEach(entry -> {
                    String lower = TextMasker.lowerKeepingLength(TextNormalization.normalize(entry.getKey()));
                    if (!lower.isEmpty()) {
                        forms.add(new Searched(lower, entry.getValue()));
                    }
                });
        this.searched = List.copyOf(forms);
    }

    public static KnownValues of(Map<String, SensitiveKind> kinds) {
        return kinds.isEmpty() ? NONE : new KnownValues(kinds);
    }

    /** The kind of a value as bound (its normalized, stripped text), or null. */
    SensitiveKind kindOf(String value) {
        return kinds.get(value);
    }

    List<Searched> searched() {
        return searched;
    }
}
