package dev.capplanner.planner.plan;

import java.util.List;

/** A planner's decision for one iteration: calls to run, or why there are none (insufficient, help, refused). */
public sealed interface ToolPlan {

    PlannerKind planner();

    /** The calls in order; none when the plan is {@link Insufficient}. */
    List<PlannedCall> actions();

    /**
     * Calls to run; {@code continues}: their results do not answer yet, the planner plans the next
     * iteration from what they return (a result whose shape no tool declares); {@code unmapped}: filter
     * values the question asks for that no planned call accepts, to be told to the user;
     * {@code selectionFor}: the tool the user's choice of one of the last call's rows is for (the legacy
     * path looks up before it asks), null when the rows answer the question themselves.
     */
    record Actions(PlannerKind planner, List<PlannedCall> actions, boolean continues, List<String> unmapped,
                   String selectionFor) implements ToolPlan {
        public Actions {
            if (actions.isEmpty()) {
                throw new IllegalArgumentException("a plan of actions has at least one call");
            }
            actions = List.copyOf(actions);
            unmapped = unmapped == null ? List.of() : List.copyOf(unmapped);
        }

        public Actions(PlannerKind planner, List<PlannedCall> actions, boolean continues, List<String> unmapped) {
            this(planner, actions, continues, unmapped, null);
        }

        public Actions(PlannerKind planner, List<PlannedCall> actions, boolean continues) {
            this(planner, actions, continues, List.of());
        }

        public Actions(PlannerKind planner, List<PlannedCall> actions) {
            this(planner, actions, false);
        }

        /** The same calls, telling which requested filters they cannot apply. */
        public Actions withUnmapped(List<String> values) {
            return new Actions(planner, actions, continues, values, selectionFor);
        }

        /** The same calls, whose rows are offered for the user to choose the one {@code tool} needs. */
        public Actions selectingFor(String tool) {
            return new Actions(planner, actions, continues, unmapped, tool);
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

    /** A request for guidance: nothing runs; the executor lists what this principal may use. */
    record Help(PlannerKind planner, String guidance) implements ToolPlan {
        @Override
        public List<PlannedCall> actions() {
            return List.of();
        }
    }

    /**
     * A command this read-only suite does not carry out: why, and the closest read-only capability
     * (null when none fits), offered, not called.
     */
    record Refused(PlannerKind planner, String reason, String alternative) implements ToolPlan {
        @Override
        public List<PlannedCall> actions() {
            return List.of();
        }
    }

    static ToolPlan actions(PlannerKind planner, List<PlannedCall> actions) {
        return new Actions(planner, actions);
    }

    /** Calls whose results the planner must see before it can plan the answer. */
    static ToolPlan observeFirst(PlannerKind planner, List<PlannedCall> actions) {
        return new Actions(planner, actions, true);
    }

    /** Whether the planner plans again from this plan's results. */
    default boolean continues() {
        return this instanceof Actions actions && actions.continues();
    }

    static ToolPlan insufficient(PlannerKind planner, String reason) {
        return new Insufficient(planner, reason);
    }

    static ToolPlan insufficient(PlannerKind planner, String reason, List<String> tried) {
        return new Insufficient(planner, reason, tried);
    }
}
