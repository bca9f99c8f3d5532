package dev.capplanner.executor.execution;

import dev.capplanner.executor.evidence.EvidenceSummary;
import java.util.List;

/** The observation of one iteration and the turn outcome it leads to. */
public record ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary) {
    public ExecutionReport {
        results = List.copyOf(results);
    }

    /** Calls sent to a remote system: every one that succeeded or failed (a refused call is never sent). */
    public int sentCalls() {
        return (int) results.stream().filter(r -> !(r instanceof CallOutcome.Denied)).count();
    }

    /** Calls the last mile refused. */
    public int deniedCalls() {
        return (int) results.stream().filter(CallOutcome.Denied.class::isInstance).count();
    }

    /** The evidence of every call that succeeded, in call order. */
    public List<EvidenceSummary> evidence() {
        return results.stream().filter(CallOutcome.Succeeded.class::isInstance)
                .map(r -> ((CallOutcome.Succeeded) r).evidence()).toList();
    }
}
