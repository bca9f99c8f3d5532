package dev.capplanner.executor.execution;

import dev.capplanner.executor.evidence.EvidenceSummary;
import java.util.List;
import java.util.Set;

/**
 * The observation of one iteration and the turn outcome it leads to; {@code selectable}: the action
 * whose collection the user renders (an artifact) or chooses from (a selection), null otherwise;
 * {@code fromLedger}: the actions whose response an earlier delivery of the same plan recorded (not
 * sent again).
 */
public record ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary, String selectable,
                              Set<String> fromLedger) {
    public ExecutionReport {
        results = List.copyOf(results);
        fromLedger = Set.copyOf(fromLedger);
    }

    public ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary) {
        this(results, outcome, summary, null, Set.of());
    }

    /** The artifact handle of the selectable collection, once kept. */
    public java.util.Optional<String> selectableHandle() {
        return results.stream().filter(r -> r.actionId().equals(selectable))
                .filter(CallOutcome.Succeeded.class::isInstance)
                .map(r -> ((CallOutcome.Succeeded) r).evidence().handle())
                .filter(java.util.Objects::nonNull).findFirst();
    }

    /**
     * Calls this delivery sent to a remote system: every one that succeeded or failed, except those
     * answered from the ledger (a refused call is never sent; a redelivered plan sends nothing twice).
     */
    public int sentCalls() {
        return (int) results.stream().filter(r -> !(r instanceof CallOutcome.Denied))
                .filter(r -> !fromLedger.contains(r.actionId())).count();
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
