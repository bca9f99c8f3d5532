package dev.capplanner.contracts.events;

import java.util.List;

/** What one executed (or denied) action observed: counts and identifiers, never the raw payload. */
public record ActionResult(
        String actionId,
        String tool,
        String status,
        Integer httpStatus,
        Integer recordCount,
        List<String> identifiers,
        String collectionPath,
        String error,
        Long latencyMs) {

    public static final String OK = "ok";
    public static final String DENIED = "denied";
    public static final String FAILED = "failed";

    public ActionResult {
        identifiers = identifiers == null ? List.of() : List.copyOf(identifiers);
    }
}
