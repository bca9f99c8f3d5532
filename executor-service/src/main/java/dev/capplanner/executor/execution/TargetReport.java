package dev.capplanner.executor.execution;

import dev.capplanner.executor.evidence.EvidenceSummary;
import dev.capplanner.executor.request.GrantedTool;
import dev.capplanner.executor.wording.ChoiceCard;
import dev.capplanner.executor.wording.ChoiceCards;
import dev.capplanner.executor.wording.TargetWords;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tells a turn that ends on no target or on several in the user's terms (rules "zero and ambiguous
 * targets"): the entity of the capability that looked, and the criteria it was called with. Several
 * matches come with a compact card of what tells them apart, more than one step may be called for at
 * once with a request to narrow the question; no match, whether a lookup found no row,
 * a list came back empty or a record was not found (HTTP 404), with "No ... was found."
 */
final class TargetReport {

    /** What the user is told instead of the per-call summary; {@code card} when they must choose. */
    record Told(String sentence, ChoiceCard card) {
    }

    private final Map<String, GrantedTool> grants;

    TargetReport(Map<String, GrantedTool> grants) {
        this.grants = grants;
    }

    Optional<Told> told(ExecutionProgress progress, TurnOutcome outcome) {
        if (outcome == TurnOutcome.SELECTION_REQUIRED && progress.chooseFrom != null) {
            return succeeded(progress, progress.chooseFrom)
                    .filter(evidence -> evidence.recordCount() > 1 && !evidence.rows().isEmpty())
                    .map(evidence -> several(progress, progress.chooseFrom, evidence));
        }
        if (progress.foundNothing != null) {
            return Optional.of(none(progress, progress.foundNothing));
        }
        if (progress.foundTooMany != null) {
            // Said of the lookup's rows only when they are the targets counted (not values nested in them).
            return succeeded(progress, progress.foundTooMany)
                    .filter(evidence -> evidence.recordCount() == progress.targetsFound)
                    .map(evidence -> new Told(TargetWords.tooManyFound(progress.targetsFound,
                            entity(progress, progress.foundTooMany), criteria(progress, progress.foundTooMany),
                            progress.maxTargets), null));
        }
        if (progress.results.isEmpty()) {
            return Optional.empty();
        }
        CallOutcome last = progress.results.get(progress.results.size() - 1);
        // The answer is the last call's only when the others led to it: calls beside it keep their own lines.
        boolean answersAlone = progress.results.size() == 1
                || !progress.chainedArguments.getOrDefault(last.actionId(), Set.of()).isEmpty();
        if (progress.fanOutMembers.contains(last.actionId()) || !answersAlone) {
            return Optional.empty();
        }
        boolean emptyAnswer = outcome == TurnOutcome.ANSWERED && last instanceof CallOutcome.Succeeded ok
                && ok.evidence().recordCount() == 0 && ok.evidence().plan() == null;
        boolean notFound = outcome == TurnOutcome.FAILED && last instanceof CallOutcome.Failed failed
                && failed.kind() == FailureKind.NOT_FOUND && !CapabilityPlanRuns.SERVICE.equals(failed.service());
        return emptyAnswer || notFound ? Optional.of(none(progress, last.actionId())) : Optional.empty();
    }

    private Told several(ExecutionProgress progress, String action, EvidenceSummary evidence) {
        String entity = entity(progress, action);
        Map<String, Object> arguments = progress.arguments.getOrDefault(action, Map.of());
        ChoiceCard card = ChoiceCards.of(entity, evidence.rows(), new java.util.TreeSet<>(arguments.keySet()))
                .orElse(null);
        return new Told(TargetWords.severalFound(evidence.recordCount(), entity, criteria(progress, action), card,
                declared(grant(progress, action))), card);
    }

    private Told none(ExecutionProgress progress, String action) {
        return new Told(TargetWords.noneFound(entity(progress, action), criteria(progress, action)), null);
    }

    private List<TargetWords.Criterion> criteria(ExecutionProgress progress, String action) {
        return TargetWords.criteria(progress.arguments.getOrDefault(action, Map.of()),
                progress.chainedArguments.getOrDefault(action, Set.of()));
    }

    private String entity(ExecutionProgress progress, String action) {
        GrantedTool grant = grant(progress, action);
        return grant == null ? null : grant.entity();
    }

    /**
     * The attribute names the capability's source declares for its output (the snapshot's output
     * fields): the names a sentence may say; a name only the result carries is never said.
     */
    private static Set<String> declared(GrantedTool grant) {
        return grant == null ? Set.of() : Set.copyOf(grant.outputFields());
    }

    private GrantedTool grant(ExecutionProgress progress, String action) {
        return grants.get(progress.tools.get(action));
    }

    private static Optional<EvidenceSummary> succeeded(ExecutionProgress progress, String action) {
        return progress.results.stream().filter(r -> r.actionId().equals(action))
                .filter(CallOutcome.Succeeded.class::isInstance)
                .map(r -> ((CallOutcome.Succeeded) r).evidence()).findFirst();
    }
}
