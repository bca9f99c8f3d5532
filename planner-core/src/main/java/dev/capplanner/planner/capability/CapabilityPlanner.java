package dev.capplanner.planner.capability;

import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.planner.validation.PlanViolation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The deterministic capability planner (the offline default): plans each routed tool that may answer
 * the question ({@link TargetOrder}) with the calls that feed its inputs ({@link CallChains}: values
 * the user gave, or {@code $from} an earlier call's declared output), ranks those plans by the
 * question's values they use (see Candidate), and keeps the best one the validator accepts; an
 * invalid plan's correction is the next one. A call
 * the user asked to make for every match is made once through a routed bulk capability when there is
 * one ({@link BulkCalls}), else once per match.
 * Values earlier iterations observed bind like values the user gave. When an identifier has no
 * declared source, and iterations are left, the one safe call that finds it runs first and the next
 * iteration plans from its result ({@link #firstSafeCall}). Otherwise it answers {@code insufficient}
 * and says what was tried, rather than guessing (rule "never invent arguments").
 */
public final class CapabilityPlanner implements CapabilityPlanning {

    private final ArgumentBinder binder;
    private final CallChains chains;
    private final PlanValidator validator;

    public CapabilityPlanner(ArgumentBinder binder, PlanValidator validator) {
        this.binder = binder;
        this.chains = new CallChains(binder);
        this.validator = validator;
    }

    @Override
    public PlanAttempt plan(PlanningRequest request) {
        return PlanAttempt.of(planned(request));
    }

    /** A first iteration that must answer at once: no evidence, no continuation. */
    public ToolPlan plan(String question, SelectedRow selection, List<ToolSpec> routedTools) {
        return planned(PlanningRequest.of(question, selection, routedTools));
    }

    private ToolPlan planned(PlanningRequest request) {
        if (request.routed().isEmpty()) {
            return ToolPlan.insufficient(PlannerKind.CAPABILITY, "no capability was routed for this question");
        }
        String question = request.question();
        Map<String, ToolSpec> routed = new LinkedHashMap<>();
        request.routed().forEach(tool -> routed.put(tool.name(), tool));
        List<String> tried = new ArrayList<>();
        List<String> triedTools = new ArrayList<>();
        java.util.Set<String> called = new java.util.HashSet<>();
        request.evidence().forEach(evidence -> called.add(evidence.tool()));
        Targets planned = plannedTargets(request, routed, called, tried, triedTools);
        List<Candidate> candidates = planned.candidates();
        Optional<ToolPlan> probe = planned.probe();
        if (candidates.isEmpty() && probe.isPresent()) {
            return probe.get();
        }
        candidates.sort(Candidate.BEST_FIRST);
        for (Candidate candidate : candidates) {
            String target = candidate.calls().get(candidate.calls().size() - 1).tool();
            // Plurality: the question's words ("all", "every"), or the backend's trusted /all command.
            boolean everyMatch = PluralityIntent.in(question) || request.commandsAll();
            List<PlannedCall> iterating = everyMatch
                    ? candidate.calls().stream().map(CapabilityPlanner::fannedOutOverCollections).toList()
                    : candidate.calls();
            List<PlannedCall> bulk = BulkCalls.preferred(iterating, routed);
            if (!bulk.equals(iterating)) {
                ToolPlan bulkPlan = ToolPlan.actions(PlannerKind.CAPABILITY, bulk);
                if (validator.violations(bulkPlan, routed).isEmpty()) {
                    return ((ToolPlan.Actions) bulkPlan).withUnmapped(UnmappedFilters.of(question, routed.values(),
                            bulkPlan.actions()));
                }
            }
            ToolPlan plan = ToolPlan.actions(PlannerKind.CAPABILITY, iterating);
            List<PlanViolation> violations = validator.violations(plan, routed);
            if (violations.isEmpty()) {
                return ((ToolPlan.Actions) plan).withUnmapped(UnmappedFilters.of(question, routed.values(),
                        plan.actions()));
            }
            tried.add(target + " (" + String.join("; ", PlanValidator.lines(violations)) + ")");
        }
        if (probe.isPresent()) {
            return probe.get();
        }
        return ToolPlan.insufficient(PlannerKind.CAPABILITY,
                "no routed candidate could be planned: " + String.join(", ", tried), triedTools);
    }

    /** The routed targets' plans, in target order, up to a target whose identifier a probe call must find first. */
    private Targets plannedTargets(PlanningRequest request, Map<String, ToolSpec> routed, java.util.Set<String> called,
                                   List<String> tried, List<String> triedTools) {
        String question = request.question();
        List<Candidate> candidates = new ArrayList<>();
        GivenValues given = new GivenValues(question);
        List<ToolSpec> targets = TargetOrder.of(question, request.routed());
        for (int order = 0; order < targets.size(); order++) {
            ToolSpec target = targets.get(order);
            triedTools.add(target.name());
            if (called.contains(target.name())) {
                // Its result is already the evidence: calling it again as the answer would add nothing.
                tried.add(target.name() + " (called in an earlier iteration)");
                continue;
            }
            Optional<List<PlannedCall>> calls = chains.plan(target, question, request.selection(), routed,
                    request.evidence());
            if (calls.isEmpty()) {
                Optional<ToolPlan> probe = request.mayContinue() ? firstSafeCall(request, target, routed, called)
                        : Optional.empty();
                if (probe.isPresent()) {
                    return new Targets(candidates, probe);
                }
                tried.add(target.name() + " (unbound arguments)");
                continue;
            }
            Detours detour = Detours.of(calls.get(), routed);
            boolean findsOthers = detour == Detours.RETURNS && Detours.asksForOthers(question, target.entity());
            if (detour == Detours.RETURNS && !findsOthers && !Detours.namesTheWayBack(question, calls.get(), routed)) {
                tried.add(target.name() + " (reached only through another " + target.entity() + ")");
                continue;
            }
            candidates.add(new Candidate(order, calls.get(), given.used(calls.get(), routed), findsOthers));
        }
        return new Targets(candidates, Optional.empty());
    }

    /** The plans of the targets tried, and the probe call that stopped the trying, if one did. */
    private record Targets(List<Candidate> candidates, Optional<ToolPlan> probe) {
    }

    /**
     * When a target cannot be planned because an identifier has no declared source, but a routed tool
     * of that identifier's entity declares no output shape and can be called with what the user gave
     * ("the customer with e-mail ..."), that one call runs first and the planner plans the target again
     * from what came back (rule "re-plan from observations"): a path is observed, never assumed. A tool
     * already observed is not called again.
     */
    private Optional<ToolPlan> firstSafeCall(PlanningRequest request, ToolSpec target, Map<String, ToolSpec> routed,
                                             java.util.Set<String> observed) {
        for (String input : target.requiredInputs()) {
            if (binder.bindOne(target, input, request.question(), request.selection(), request.evidence())
                    .isPresent()) {
                continue;
            }
            for (ToolSpec probe : routed.values()) {
                if (probe == target || !probe.outputPaths().isEmpty() || observed.contains(probe.name())
                        || probe.decides() || !findsIdentifier(probe, input)) {
                    continue;
                }
                Optional<Map<String, Object>> arguments = binder.bind(probe, request.question(), request.selection());
                if (arguments.isEmpty()) {
                    continue;
                }
                ToolPlan plan = ToolPlan.observeFirst(PlannerKind.CAPABILITY,
                        List.of(PlannedCall.of("a1", probe.name(), arguments.get())));
                if (validator.violations(plan, routed).isEmpty()) {
                    return Optional.of(plan);
                }
            }
        }
        return Optional.empty();
    }

    /** A tool of the identifier's entity: {@code customerId} is found by a customer tool. */
    private static boolean findsIdentifier(ToolSpec tool, String input) {
        return tool.entity() != null
                && input.toLowerCase(java.util.Locale.ROOT).equals(
                        tool.entity().toLowerCase(java.util.Locale.ROOT).replace(" ", "") + "id");
    }

    /**
     * A plan for one target: its place in {@link TargetOrder}, how many of the question's values its
     * calls use ({@link GivenValues}), and whether it returns to its target's entity to find others.
     * The plan that uses more of what the user said comes first (a plan that ignores "rails/rails" and
     * "1234" does not answer "show issue 1234 in rails/rails"); among equals, a plan for other records
     * when the question asks for others, then the target order.
     */
    private record Candidate(int order, List<PlannedCall> calls, int valuesUsed, boolean findsOthers) {

        static final java.util.Comparator<Candidate> BEST_FIRST = java.util.Comparator
                .comparingInt(Candidate::valuesUsed).reversed()
                .thenComparing(Candidate::findsOthers, java.util.Comparator.reverseOrder())
                .thenComparingInt(Candidate::order);
    }

    /** A call chained from a collection ({@code items[].id}) fans out when the user asked about several. */
    private static PlannedCall fannedOutOverCollections(PlannedCall call) {
        boolean fromCollection = call.from().values().stream().anyMatch(source -> source.path().contains("[]"));
        return fromCollection ? call.fannedOut() : call;
    }
}
