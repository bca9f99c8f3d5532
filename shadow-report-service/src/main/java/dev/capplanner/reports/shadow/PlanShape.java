package dev.capplanner.reports.shadow;

import java.util.List;
import java.util.Map;

/**
 * What a comparison looks at in one plan: which planner made it, its outcome, its tools in order,
 * their (masked) arguments, its reason.
 */
public record PlanShape(String planner, String outcome, List<String> tools, List<Map<String, Object>> arguments,
                        String reason) {

    public PlanShape {
        tools = List.copyOf(tools);
        arguments = List.copyOf(arguments);
    }

    public PlanShape(String outcome, List<String> tools, List<Map<String, Object>> arguments, String reason) {
        this(null, outcome, tools, arguments, reason);
    }

    public boolean hasActions() {
        return "actions".equals(outcome) && !tools.isEmpty();
    }
}
