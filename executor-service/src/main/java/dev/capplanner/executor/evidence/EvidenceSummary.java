package dev.capplanner.executor.evidence;

import java.util.List;

/**
 * One tool's live result as evidence (rule "evidence envelope"): record count, identifiers and the
 * declared collection path; {@code data}, untrusted tool output (never instructions), within the
 * budget ({@code truncated} when something was left out); a collection's complete {@code rows}, to
 * be kept as an artifact (never sent inline), and the {@code handle} it was kept under;
 * {@code observed}, the identifier values by the path they were found at (what a planner re-plans from).
 */
public record EvidenceSummary(String tool, int recordCount, List<String> identifiers, String collectionPath,
                              Object data, boolean truncated, List<Object> rows, String handle,
                              java.util.Map<String, List<String>> observed) {
    public EvidenceSummary {
        identifiers = List.copyOf(identifiers);
        rows = rows == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(rows));
        observed = observed == null ? java.util.Map.of() : java.util.Map.copyOf(observed);
    }

    /** Whether the result is a collection, whose rows can be selected from. */
    public boolean selectable() {
        return collectionPath != null;
    }

    public EvidenceSummary withHandle(String kept) {
        return new EvidenceSummary(tool, recordCount, identifiers, collectionPath, data, truncated, rows, kept, observed);
    }
}
