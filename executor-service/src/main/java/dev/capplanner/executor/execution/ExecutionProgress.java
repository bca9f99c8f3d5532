package dev.capplanner.executor.execution;

import dev.capplanner.executor.evidence.CapabilityPlanVerdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one execution has done so far. Mutable only inside one chain: each action of a wave gets a
 * branch of its own, merged back once the wave is over.
 */
final class ExecutionProgress {
    final CallObserver observer;
    /** The planned actions that have run (their ids in the plan). */
    final Set<String> finished = new HashSet<>();
    final List<CallOutcome> results = new ArrayList<>();
    /** Actions answered from the call ledger: made by an earlier delivery, not sent again by this one. */
    final Set<String> fromLedger = new HashSet<>();
    /** Results by action id, kept only for this execution, for later {@code $from} arguments. */
    final Map<String, Object> outputs = new HashMap<>();
    final Map<String, String> tools = new HashMap<>();
    /** Calls of a fanned-out step: summarized once, by their step, not one by one. */
    final Set<String> fanOutMembers = new HashSet<>();
    /** Each fanned-out step's summary line, by the id of its first call. */
    final Map<String, String> fanOutLines = new HashMap<>();
    /** Physical calls of capability plans' steps this delivery sent. */
    int planCallsSent;
    TurnOutcome outcome;
    String stopReason;
    /** When the turn stops for a selection: the action whose rows the user chooses from. */
    String chooseFrom;

    ExecutionProgress(CallObserver observer) {
        this.observer = observer;
    }

    /** A copy of what earlier waves produced, for one action of the next wave to work on. */
    ExecutionProgress branch() {
        ExecutionProgress branch = new ExecutionProgress(observer);
        branch.outputs.putAll(outputs);
        branch.tools.putAll(tools);
        return branch;
    }

    /** Takes a finished branch's results back; its stop, if any, stops the plan unless one came first. */
    void merge(ExecutionProgress branch) {
        results.addAll(branch.results);
        fromLedger.addAll(branch.fromLedger);
        outputs.putAll(branch.outputs);
        tools.putAll(branch.tools);
        fanOutMembers.addAll(branch.fanOutMembers);
        fanOutLines.putAll(branch.fanOutLines);
        planCallsSent += branch.planCallsSent;
        if (outcome == null && branch.outcome != null) {
            outcome = branch.outcome;
            stopReason = branch.stopReason;
            chooseFrom = branch.chooseFrom;
        }
    }

    void stop(TurnOutcome why, String reason) {
        outcome = why;
        stopReason = reason;
    }

    boolean stopped() {
        return outcome != null;
    }

    /** The turn chooses: the user must pick one of the rows {@code action} returned. */
    void stopForSelection(String reason, String action) {
        stop(TurnOutcome.SELECTION_REQUIRED, reason);
        chooseFrom = action;
    }

    /**
     * An answer whose last call returned a collection with rows is an artifact (rendered once,
     * selectable); a record, or no row at all, is answered. When those rows were looked up for another
     * tool ({@code selectionFor}) and there are several, the user must choose one first.
     */
    ExecutionReport report(String selectionFor) {
        if (outcome == null && selectionFor != null && answerKind() == TurnOutcome.ARTIFACT
                && results.get(results.size() - 1) instanceof CallOutcome.Succeeded last
                && last.evidence().recordCount() > 1) {
            stopForSelection(last.tool() + " found " + last.evidence().recordCount() + " matches, " + selectionFor
                    + " needs one: a selection is needed", last.actionId());
        }
        TurnOutcome finalOutcome = outcome == null ? answerKind() : outcome;
        String selectable = finalOutcome == TurnOutcome.SELECTION_REQUIRED ? chooseFrom
                : finalOutcome == TurnOutcome.ARTIFACT ? results.get(results.size() - 1).actionId() : null;
        return new ExecutionReport(results, finalOutcome, summary(finalOutcome), selectable, fromLedger,
                planCallsSent);
    }

    private TurnOutcome answerKind() {
        if (!results.isEmpty() && results.get(results.size() - 1) instanceof CallOutcome.Succeeded last
                && last.evidence().selectable() && last.evidence().recordCount() > 0) {
            return TurnOutcome.ARTIFACT;
        }
        return TurnOutcome.ANSWERED;
    }

    void fannedOut(List<String> memberIds, String line) {
        fanOutMembers.addAll(memberIds);
        fanOutLines.put(memberIds.get(0), line);
    }

    private String summary(TurnOutcome finalOutcome) {
        List<String> parts = new ArrayList<>();
        for (CallOutcome result : results) {
            if (fanOutLines.containsKey(result.actionId())) {
                parts.add(fanOutLines.get(result.actionId()));
            }
            if (fanOutMembers.contains(result.actionId()) && !(result instanceof CallOutcome.Denied)) {
                continue;
            }
            if (result instanceof CallOutcome.Succeeded succeeded && succeeded.evidence().plan() != null) {
                CapabilityPlanVerdict verdict = succeeded.evidence().plan();
                parts.add(result.tool() + " (version " + verdict.version() + ") decided " + verdict.decision()
                        + (verdict.reasons().isEmpty() ? "" : " (" + String.join(", ", verdict.reasons()) + ")"));
            } else if (result instanceof CallOutcome.Succeeded succeeded) {
                parts.add(result.tool() + " returned " + succeeded.evidence().recordCount() + " record(s)");
            } else if (result instanceof CallOutcome.Denied denied) {
                parts.add(result.tool() + " was denied: " + denied.reason());
            } else if (result instanceof CallOutcome.Failed failed) {
                parts.add(result.tool() + " failed: " + failed.plainly());
            }
        }
        if (stopReason != null) {
            parts.add(stopReason);
        }
        String summary = finalOutcome.wireName() + ": " + String.join("; ", parts);
        return summary.length() <= PlanExecutor.MAX_SUMMARY ? summary
                : summary.substring(0, PlanExecutor.MAX_SUMMARY - 3) + "...";
    }
}
