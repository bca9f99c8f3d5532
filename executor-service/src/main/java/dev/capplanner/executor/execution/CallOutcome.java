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

    record Failed(String actionId, String tool, Integer httpStatus, String error, long latencyMs)
            implements CallOutcome {
    }
}
