package dev.capplanner.planner.plan;

import java.util.List;

/** A planner's decision for one iteration: calls to run, or why there are none. */
public sealed interface ToolPlan {

    PlannerKind planner();

    /** The calls in order; none when the plan is {@link Insufficient}. */
    List<PlannedCall> actions();

    record Actions(PlannerKind planner, List<PlannedCall> actions) implements ToolPlan {
        public Actions {
            if (actions.isEmpty()) {
                throw new IllegalArgumentException("a plan of actions has at least one call");
            }
            actions = List.copyOf(actions);
        }
    }

    /** No calls: why, and the routed tools the planner tried before saying so. */
    record Insufficient(PlannerKind planner, String reason, List<String> tried) implements ToolPlan {

        public Insufficient {
            tried = tried == null ? List.of() : List.copyOf(tried);
        }

        public Insufficient(PlannerKind planner, String reason) {
            this(planner, reason, List.of());
        }

        @Override
        public List<PlannedCall> actions() {
            return List.of();
        }
    }

    static ToolPlan actions(PlannerKind planner, List<PlannedCall> actions) {
        return new Actions(planner, actions);
    }

    static ToolPlan insufficient(PlannerKind planner, String reason) {
        return new Insufficient(planner, reason);
    }

    static ToolPlan insufficient(PlannerKind planner, String reason, List<String> tried) {
        return new Insufficient(planner, reason, tried);
    }
}
