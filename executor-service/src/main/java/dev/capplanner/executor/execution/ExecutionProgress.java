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
    /** The arguments each action was called with (its {@code $from} ones resolved), by action id. */
    final Map<String, Map<String, Object>> arguments = new HashMap<>();
    /** The arguments of each action taken from an earlier result (remote text), by action id. */
    final Map<String, Set<String>> chainedArguments = new HashMap<>();
    /** Actions whose declared collection came back without a row. */
    final Set<String> emptyCollections = new HashSet<>();
    /** Calls of a fanned-out step: summarized once, by their step, not one by one. */
    final Set<String> fanOutMembers = new HashSet<>();
    /** Each fanned-out step's summary line, by the id of its first call. */
    final Map<String, String> fanOutLines = new HashMap<>();
    /** Per action whose collection a later call that was sent took one row of: that take. */
    final Map<String, TakenRow> takenRows = new HashMap<>();
    /** Physical calls of capability plans' steps this delivery sent. */
    int planCallsSent;
    TurnOutcome outcome;
    String stopReason;
    /** When the turn stops for a selection: the action whose rows the user chooses from. */
    String chooseFrom;
    /** When the turn stops because a lookup matched nothing: that lookup's action. */
    String foundNothing;
    /** When the turn stops because a lookup matched more than may be called for at once: that lookup's action. */
    String foundTooMany;
    /** How many targets it found, and the most one step may be called for at once, when {@code foundTooMany} is set. */
    int targetsFound;
    int maxTargets;

    ExecutionProgress(CallObserver observer) {
        this.observer = observer;
    }

    /** A copy of what earlier waves produced, for one action of the next wave to work on. */
    ExecutionProgress branch() {
        ExecutionProgress branch = new ExecutionProgress(observer);
        branch.outputs.putAll(outputs);
        branch.tools.putAll(tools);
        branch.arguments.putAll(arguments);
        branch.chainedArguments.putAll(chainedArguments);
        branch.emptyCollections.addAll(emptyCollections);
        return branch;
    }

    /** A later call, sent, took this row of {@code source}'s collection. */
    void tookRow(String source, TakenRow taken) {
        takenRows.merge(source, taken, TakenRow::with);
    }

    /** Takes a finished branch's results back; its stop, if any, stops the plan unless one came first. */
    void merge(ExecutionProgress branch) {
        results.addAll(branch.results);
        fromLedger.addAll(branch.fromLedger);
        outputs.putAll(branch.outputs);
        tools.putAll(branch.tools);
        arguments.putAll(branch.arguments);
        chainedArguments.putAll(branch.chainedArguments);
        emptyCollections.addAll(branch.emptyCollections);
        fanOutMembers.addAll(branch.fanOutMembers);
        fanOutLines.putAll(branch.fanOutLines);
        branch.takenRows.forEach(this::tookRow);
        planCallsSent += branch.planCallsSent;
        if (outcome == null && branch.outcome != null) {
            outcome = branch.outcome;
            stopReason = branch.stopReason;
            chooseFrom = branch.chooseFrom;
            foundNothing = branch.foundNothing;
            foundTooMany = branch.foundTooMany;
            targetsFound = branch.targetsFound;
            maxTargets = branch.maxTargets;
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

    /** The turn stops: the lookup {@code action} matched nothing, so nothing it was for can be called. */
    void stopForNoMatch(String reason, String action) {
        stop(TurnOutcome.INSUFFICIENT, reason);
        foundNothing = action;
    }

    /** The turn stops: the lookup {@code action} gave {@code found} targets, more than {@code max}, the most one step may take. */
    void stopForTooMany(String reason, String action, int found, int max) {
        stop(TurnOutcome.INSUFFICIENT, reason);
        foundTooMany = action;
        targetsFound = found;
        maxTargets = max;
    }

    /**
     * An answer whose last call returned a collection with rows is an artifact (rendered once,
     * selectable); a record, or no row at all, is answered. When those rows were looked up for another
     * tool ({@code selectionFor}) and there are several, the user must choose one first; when there
     * are none, there is nothing to call it for. A turn that ends on no target or on several is told
     * in the user's terms ({@link TargetReport}).
     */
    ExecutionReport report(String selectionFor, TargetReport targets) {
        if (outcome == null && selectionFor != null && !results.isEmpty()
                && results.get(results.size() - 1) instanceof CallOutcome.Succeeded last
                && last.evidence().selectable() && last.evidence().plan() == null) {
            if (last.evidence().recordCount() > 1) {
                stopForSelection(last.tool() + " found " + last.evidence().recordCount() + " matches, " + selectionFor
                        + " needs one: a selection is needed", last.actionId());
            } else if (last.evidence().recordCount() == 0) {
                stopForNoMatch(last.tool() + " found no match, " + selectionFor + " was not called", last.actionId());
            }
        }
        TurnOutcome finalOutcome = outcome == null ? answerKind() : outcome;
        String selectable = finalOutcome == TurnOutcome.SELECTION_REQUIRED ? chooseFrom
                : finalOutcome == TurnOutcome.ARTIFACT ? results.get(results.size() - 1).actionId() : null;
        java.util.Optional<TargetReport.Told> told = targets.told(this, finalOutcome);
        String summary = told.map(t -> finalOutcome.wireName() + ": " + t.sentence()).orElseGet(() -> summary(finalOutcome));
        return new ExecutionReport(results, finalOutcome, summary, selectable, fromLedger, planCallsSent,
                told.map(TargetReport.Told::card).orElse(null), takenRows);
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
