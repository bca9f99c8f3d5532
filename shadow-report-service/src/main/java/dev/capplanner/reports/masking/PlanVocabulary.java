package dev.capplanner.reports.masking;

import java.util.Map;
import java.util.Set;

/**
 * The words a plan contract writes itself with, which are no one's data: its member names (kept as
 * keys: "actions", "unmapped") and the members whose values come from a closed set ({@code outcome}
 * is one of four words, {@code tool} one of the route's capability names), kept as they are when
 * they are in it and never taken for a value the question gave (a question that says "insufficient"
 * must not hide a plan's outcome from the gate).
 */
public record PlanVocabulary(Set<String> memberNames, Map<String, Set<String>> closedValues) {

    public static final PlanVocabulary NONE = new PlanVocabulary(Set.of(), Map.of());

    public PlanVocabulary {
        memberNames = Set.copyOf(memberNames);
        closedValues = Map.copyOf(closedValues);
    }

    boolean member(String key) {
        return memberNames.contains(key);
    }

    /** Whether {@code value} under {@code key} is one of the closed set that member takes its values from. */
    boolean closed(String key, Object value) {
        Set<String> allowed = key == null ? null : closedValues.get(key);
        return allowed != null && value instanceof String text && allowed.contains(text);
    }
}
