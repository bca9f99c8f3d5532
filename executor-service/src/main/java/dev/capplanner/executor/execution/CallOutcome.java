package dev.capplanner.executor.execution;

import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.evidence.EvidenceSummary;

/** What became of one planned call: evidence, a last-mile denial (no call made), or a failure. */
public sealed interface CallOutcome {

    String actionId();

    String tool();

    record Succeeded(String actionId, String tool, Integer httpStatus, EvidenceSummary evidence, long latencyMs)
            implements CallOutcome {
    }

    record Denied(String actionId, String tool, DenialRule rule, String reason) implements CallOutcome {
    }

    /**
     * A call that was made and failed: {@code error} is the normalized detail for developers (error
     * class, HTTP status; never the remote side's words), {@code kind} what a user is told about it.
     */
    record Failed(String actionId, String tool, Integer httpStatus, String error, long latencyMs, FailureKind kind,
                  String service) implements CallOutcome {

        public Failed(String actionId, String tool, Integer httpStatus, String error, long latencyMs, String service) {
            this(actionId, tool, httpStatus, error, latencyMs, FailureKind.of(httpStatus, error), service);
        }

        /** The plain sentence a user may be shown. */
        public String plainly() {
            return kind.tellUser(service);
        }
    }
}
