package dev.capplanner.planner.shadow;

import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import java.util.List;
import java.util.Map;

/** Two plans agree when they reach the same outcome with the same tools and arguments, in order. */
public final class PlanComparison {

    private PlanComparison() {
    }

    public static boolean agree(Plan classic, Plan capability) {
        return classic.outcome().equals(capability.outcome()) && calls(classic).equals(calls(capability));
    }

    private static List<Map.Entry<String, Map<String, Object>>> calls(Plan plan) {
        return plan.actions().stream()
                .map((PlannedAction a) -> Map.entry(a.tool(), a.arguments()))
                .toList();
    }
}
