package dev.capplanner.planner.capability;

import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.PlannerKind;
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
 * The deterministic capability planner (the offline default): tries the routed tools that answer the
 * question in order ({@link TargetOrder}), plans each with the calls that feed its inputs
 * ({@link CallChains}: values the user gave, or {@code $from} an earlier call's declared output), and
 * keeps the first plan the validator accepts; an invalid plan's correction is the next target.
 * Without one it answers {@code insufficient} and says what was tried, rather than guessing (rule
 * "never invent arguments").
 */
public final class CapabilityPlanner implements CapabilityPlanning {

    private final CallChains chains;
    private final PlanValidator validator;

    public CapabilityPlanner(ArgumentBinder binder, PlanValidator validator) {
        this.chains = new CallChains(binder);
        this.validator = validator;
    }

    @Override
    public PlanAttempt plan(PlanningRequest request) {
        return PlanAttempt.of(plan(request.question(), request.selection(), request.routed()));
    }

    public ToolPlan plan(String question, SelectedRow selection, List<ToolSpec> routedTools) {
        if (routedTools.isEmpty()) {
            return ToolPlan.insufficient(PlannerKind.CAPABILITY, "no capability was routed for this question");
        }
        Map<String, ToolSpec> routed = new LinkedHashMap<>();
        routedTools.forEach(tool -> routed.put(tool.name(), tool));
        List<String> tried = new ArrayList<>();
        List<String> triedTools = new ArrayList<>();
        for (ToolSpec target : TargetOrder.of(question, routedTools)) {
            triedTools.add(target.name());
            Optional<List<PlannedCall>> calls = chains.plan(target, question, selection, routed);
            if (calls.isEmpty()) {
                tried.add(target.name() + " (unbound arguments)");
                continue;
            }
            ToolPlan plan = ToolPlan.actions(PlannerKind.CAPABILITY, PluralityIntent.in(question)
                    ? calls.get().stream().map(CapabilityPlanner::fannedOutOverCollections).toList() : calls.get());
            List<PlanViolation> violations = validator.violations(plan, routed);
            if (violations.isEmpty()) {
                return plan;
            }
            tried.add(target.name() + " (" + String.join("; ", PlanValidator.lines(violations)) + ")");
        }
        return ToolPlan.insufficient(PlannerKind.CAPABILITY,
                "no routed candidate could be planned: " + String.join(", ", tried), triedTools);
    }

    /** A call chained from a collection ({@code items[].id}) fans out when the user asked about several. */
    private static PlannedCall fannedOutOverCollections(PlannedCall call) {
        boolean fromCollection = call.from().values().stream().anyMatch(source -> source.path().contains("[]"));
        return fromCollection ? call.fannedOut() : call;
    }
}
