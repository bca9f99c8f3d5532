package dev.capplanner.planner.plan;

import java.util.List;

/** Two plans agree when they reach the same outcome with the same tools, arguments and chained inputs, in order. */
public final class PlanComparison {

    private PlanComparison() {
    }

    public static boolean agree(ToolPlan classic, ToolPlan capability) {
        return classic.getClass().equals(capability.getClass()) && calls(classic).equals(calls(capability));
    }

    private static List<List<Object>> calls(ToolPlan plan) {
        return plan.actions().stream().map(call -> List.<Object>of(call.tool(), call.arguments(), call.from())).toList();
    }
}
