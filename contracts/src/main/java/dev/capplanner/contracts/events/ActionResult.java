package dev.capplanner.contracts.events;

import java.util.List;
import java.util.Map;

/**
 * What one executed (or denied) action observed: counts and identifiers, never the raw payload. A
 * failure names its class ({@code timeout}, {@code not-found}, {@code tool-error}, ...) and the
 * normalized detail for developers in {@code error}, never the remote side's words. {@code observed}:
 * the identifier values found at each path of the result (what the planner re-plans from).
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
        String errorClass,
        Map<String, List<String>> observed) {

    public static final String OK = "ok";
    public static final String DENIED = "denied";
    public static final String FAILED = "failed";

    public ActionResult {
        identifiers = identifiers == null ? List.of() : List.copyOf(identifiers);
        observed = observed == null || observed.isEmpty() ? null : Map.copyOf(observed);
    }

    /** A result whose identifier paths are not reported. */
    public ActionResult(String actionId, String tool, String status, Integer httpStatus, Integer recordCount,
                        List<String> identifiers, String collectionPath, String error, Long latencyMs,
                        String errorClass) {
        this(actionId, tool, status, httpStatus, recordCount, identifiers, collectionPath, error, latencyMs, errorClass,
                null);
    }

    /** A result without an error class (it succeeded, or was denied: the error names the rule). */
    public ActionResult(String actionId, String tool, String status, Integer httpStatus, Integer recordCount,
                        List<String> identifiers, String collectionPath, String error, Long latencyMs) {
        this(actionId, tool, status, httpStatus, recordCount, identifiers, collectionPath, error, latencyMs, null);
    }
}
