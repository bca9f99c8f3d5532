package dev.capplanner.contracts.events;

import java.util.List;

/** A planner's decision for one iteration: actions to run, or why there are none. */
public record Plan(String planner, String outcome, List<PlannedAction> actions, String reason) {

    public static final String CLASSIC = "classic";
    public static final String CAPABILITY = "capability";
    public static final String OUTCOME_ACTIONS = "actions";
    public static final String OUTCOME_INSUFFICIENT = "insufficient";

    public Plan {
        actions = List.copyOf(actions);
    }

    public static Plan actions(String planner, List<PlannedAction> actions) {
        return new Plan(planner, OUTCOME_ACTIONS, actions, null);
    }

    public static Plan insufficient(String planner, String reason) {
        return new Plan(planner, OUTCOME_INSUFFICIENT, List.of(), reason);
    }

    public boolean hasActions() {
        return OUTCOME_ACTIONS.equals(outcome) && !actions.isEmpty();
    }
}
