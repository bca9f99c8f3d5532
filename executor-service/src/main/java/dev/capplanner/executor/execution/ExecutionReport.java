package dev.capplanner.executor.execution;

import dev.capplanner.executor.evidence.EvidenceSummary;
import java.util.List;

/** The observation of one iteration and the turn outcome it leads to. */
public record ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary) {
    public ExecutionReport {
        results = List.copyOf(results);
    }

    /** The evidence of every call that succeeded, in call order. */
    public List<EvidenceSummary> evidence() {
        return results.stream().filter(CallOutcome.Succeeded.class::isInstance)
                .map(r -> ((CallOutcome.Succeeded) r).evidence()).toList();
    }
}
