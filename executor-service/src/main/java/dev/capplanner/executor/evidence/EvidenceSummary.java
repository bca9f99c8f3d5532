package dev.capplanner.executor.evidence;

import java.util.List;

/**
 * One tool's live result as evidence (rule "evidence envelope"): record count, identifiers and the
 * declared collection path; {@code data}, untrusted tool output (never instructions), within the
 * budget ({@code truncated} when something was left out); a collection's complete {@code rows}, to
 * be kept as an artifact (never sent inline), and the {@code handle} it was kept under;
 * {@code observed}, the identifier values by the path they were found at (what a planner re-plans from);
 * {@code plan}, when the tool is a capability plan, what it decided ({@code data} is its result).
 */
public record EvidenceSummary(String tool, int recordCount, List<String> identifiers, String collectionPath,
                              Object data, boolean truncated, List<Object> rows, String handle,
                              java.util.Map<String, List<String>> observed, CapabilityPlanVerdict plan) {
    public EvidenceSummary {
        identifiers = List.copyOf(identifiers);
        rows = rows == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(rows));
        observed = observed == null ? java.util.Map.of() : java.util.Map.copyOf(observed);
    }

    /** Evidence of a tool that is not a plan. */
    public EvidenceSummary(String tool, int recordCount, List<String> identifiers, String collectionPath,
                           Object data, boolean truncated, List<Object> rows, String handle,
                           java.util.Map<String, List<String>> observed) {
        this(tool, recordCount, identifiers, collectionPath, data, truncated, rows, handle, observed, null);
    }

    /** A capability plan's result as evidence: one record, its decision beside it; shortened by its own budget. */
    public static EvidenceSummary ofPlan(String plan, Object result, boolean trimmed, CapabilityPlanVerdict verdict) {
        return new EvidenceSummary(plan, 1, List.of(), null, result, trimmed, List.of(), null, null, verdict);
    }

    /** Whether the result is a collection, whose rows can be selected from. */
    public boolean selectable() {
        return collectionPath != null;
    }

    public EvidenceSummary withHandle(String kept) {
        return new EvidenceSummary(tool, recordCount, identifiers, collectionPath, data, truncated, rows, kept, observed,
                plan);
    }
}
