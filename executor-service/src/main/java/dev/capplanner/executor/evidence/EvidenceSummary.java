package dev.capplanner.executor.evidence;

import java.util.List;

/**
 * One tool's live result as evidence (rule "evidence envelope"): record count, identifiers and the
 * declared collection path. {@code data} is untrusted tool output, never instructions.
 */
public record EvidenceSummary(String tool, int recordCount, List<String> identifiers, String collectionPath,
                              Object data) {
    public EvidenceSummary {
        identifiers = List.copyOf(identifiers);
    }
}
