package dev.capplanner.contracts.events;

import java.util.List;

/**
 * What one executed (or denied) action observed: counts and identifiers, never the raw payload. A
 * failure names its class ({@code timeout}, {@code not-found}, {@code tool-error}, ...) and the
 * normalized detail for developers in {@code error}, never the remote side's words.
 */
public record ActionResult(
        String actionId,
        String tool,
        String status,
        Integer httpStatus,
        Integer recordCount,
        List<String> identifiers,
        String collectionPath,
        String error,
        Long latencyMs,
        String errorClass) {

    public static final String OK = "ok";
    public static final String DENIED = "denied";
    public static final String FAILED = "failed";

    public ActionResult {
        identifiers = identifiers == null ? List.of() : List.copyOf(identifiers);
    }

    /** A result without an error class (it succeeded, or was denied: the error names the rule). */
    public ActionResult(String actionId, String tool, String status, Integer httpStatus, Integer recordCount,
                        List<String> identifiers, String collectionPath, String error, Long latencyMs) {
        this(actionId, tool, status, httpStatus, recordCount, identifiers, collectionPath, error, latencyMs, null);
    }
}
