package dev.capplanner.executor.execution;

import dev.capplanner.executor.evidence.CapabilityPlanVerdict;
import dev.capplanner.executor.evidence.EvidenceSummary;
import dev.capplanner.executor.wording.ChoiceCard;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The observation of one iteration and the turn outcome it leads to; {@code selectable}: the action
 * whose collection the user renders (an artifact) or chooses from (a selection), null otherwise;
 * {@code fromLedger}: the actions whose response an earlier delivery of the same plan recorded (not
 * sent again); {@code choiceCard}: when the user must choose, what tells the matches apart;
 * {@code planCallsSent}: the physical calls of capability plans' steps this delivery sent
 * (a plan's own action is no call; a step the last mile refused refuses the plan's action);
 * {@code takenRows}: per action whose collection later calls that were sent took one row of, that row.
 */
public record ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary, String selectable,
                              Set<String> fromLedger, int planCallsSent, ChoiceCard choiceCard,
                              Map<String, TakenRow> takenRows) {
    public ExecutionReport {
        results = List.copyOf(results);
        fromLedger = Set.copyOf(fromLedger);
        takenRows = takenRows == null ? Map.of() : Map.copyOf(takenRows);
    }

    public ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary, String selectable,
                           Set<String> fromLedger, int planCallsSent, ChoiceCard choiceCard) {
        this(results, outcome, summary, selectable, fromLedger, planCallsSent, choiceCard, Map.of());
    }

    public ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary, String selectable,
                           Set<String> fromLedger, int planCallsSent) {
        this(results, outcome, summary, selectable, fromLedger, planCallsSent, null);
    }

    public ExecutionReport(List<CallOutcome> results, TurnOutcome outcome, String summary) {
        this(results, outcome, summary, null, Set.of(), 0, null);
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
                .filter(r -> !fromLedger.contains(r.actionId())).filter(r -> !ranPlan(r)).count() + planCallsSent;
    }

    /** Calls the last mile refused (a plan refused for one of its steps counts once). */
    public int deniedCalls() {
        return (int) results.stream().filter(CallOutcome.Denied.class::isInstance).count();
    }

    /** What each capability plan that ran decided, in call order. */
    public List<CapabilityPlanVerdict> planVerdicts() {
        return evidence().stream().map(EvidenceSummary::plan).filter(java.util.Objects::nonNull).toList();
    }

    /** A plan's own action sends nothing: its steps' calls are counted instead. */
    private static boolean ranPlan(CallOutcome result) {
        return result instanceof CallOutcome.Succeeded ok && ok.evidence().plan() != null
                || result instanceof CallOutcome.Failed failed && CapabilityPlanRuns.SERVICE.equals(failed.service());
    }

    /** The evidence of every call that succeeded, in call order. */
    public List<EvidenceSummary> evidence() {
        return results.stream().filter(CallOutcome.Succeeded.class::isInstance)
                .map(r -> ((CallOutcome.Succeeded) r).evidence()).toList();
    }
}
