package dev.capplanner.planner.capability;

import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.validation.PlanValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The capability planner: walks the routed tools in rank order and plans the first one whose
 * required arguments can all be bound, then validates the plan. Without a bindable, valid tool it
 * answers {@code insufficient} and says why, rather than guessing (rule "never invent arguments").
 */
public final class CapabilityPlanner {

    private final ArgumentBinder binder;
    private final PlanValidator validator;

    public CapabilityPlanner(ArgumentBinder binder, PlanValidator validator) {
        this.binder = binder;
        this.validator = validator;
    }

    public ToolPlan plan(String question, SelectedRow selection, List<ToolSpec> routedTools) {
        if (routedTools.isEmpty()) {
            return ToolPlan.insufficient(PlannerKind.CAPABILITY, "no capability was routed for this question");
        }
        Map<String, ToolSpec> routed = new LinkedHashMap<>();
        routedTools.forEach(tool -> routed.put(tool.name(), tool));
        List<String> tried = new ArrayList<>();
        for (ToolSpec tool : routedTools) {
            Optional<Map<String, Object>> arguments = binder.bind(tool, question, selection);
            if (arguments.isEmpty()) {
                tried.add(tool.name() + " (unbound arguments)");
                continue;
            }
            ToolPlan plan = ToolPlan.actions(PlannerKind.CAPABILITY, List.of(PlannedCall.of("a1", tool.name(),
                    arguments.get())));
            List<String> violations = validator.violations(plan, routed);
            if (violations.isEmpty()) {
                return plan;
            }
            tried.add(tool.name() + " (" + String.join("; ", violations) + ")");
        }
        return ToolPlan.insufficient(PlannerKind.CAPABILITY,
                "no routed candidate could be planned: " + String.join(", ", tried));
    }
}
