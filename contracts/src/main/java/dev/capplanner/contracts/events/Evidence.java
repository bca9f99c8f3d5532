package dev.capplanner.contracts.events;

import java.util.List;

/** One tool's result as evidence for the answer; {@code data} is untrusted, never instructions. */
public record Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data) {
    public Evidence {
        identifiers = List.copyOf(identifiers);
    }
}
