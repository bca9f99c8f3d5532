package dev.capplanner.executor.execution;

import dev.capplanner.executor.evidence.EvidenceSummary;
import java.util.List;

/**
 * The observation of one iteration and the turn outcome it leads to; {@code selectable}: the action
 * whose collection the user renders (an artifact) or chooses from (a selection), null otherwise.
 */
public record ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary, String selectable) {
    public ExecutionReport {
        results = List.copyOf(results);
    }

    public ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary) {
        this(results, outcome, summary, null);
    }

    /** The artifact handle of the selectable collection, once kept. */
    public java.util.Optional<String> selectableHandle() {
        return results.stream().filter(r -> r.actionId().equals(selectable))
                .filter(CallOutcome.Succeeded.class::isInstance)
                .map(r -> ((CallOutcome.Succeeded) r).evidence().handle())
                .filter(java.util.Objects::nonNull).findFirst();
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
