package dev.capplanner.contracts.events;

import java.util.List;

/**
 * A planner's decision for one iteration: actions to run; or none, and why: {@code insufficient},
 * {@code help} (guidance requested: nothing runs), {@code refused} (a command this read-only suite
 * does not carry out; {@code alternative} names the closest read-only capability, offered, not called).
 * {@code unmapped}: filter values the question asks for that no planned action accepts.
 * {@code selectionFor}: the capability the user's choice of one of the last action's rows is for (the
 * legacy path looks an identifier up before it asks): several rows suspend the turn with
 * {@code selection_required}; null when the rows answer the question.
 */
public record Plan(String planner, String outcome, List<PlannedAction> actions, String reason, String alternative,
                   List<String> unmapped, String selectionFor) {

    public static final String CLASSIC = "classic";
    public static final String CAPABILITY = "capability";
    public static final String OUTCOME_ACTIONS = "actions";
    public static final String OUTCOME_INSUFFICIENT = "insufficient";
    public static final String OUTCOME_HELP = "help";
    public static final String OUTCOME_REFUSED = "refused";

    public Plan {
        actions = List.copyOf(actions);
        unmapped = unmapped == null || unmapped.isEmpty() ? null : List.copyOf(unmapped);
    }

    public Plan(String planner, String outcome, List<PlannedAction> actions, String reason, String alternative,
                List<String> unmapped) {
        this(planner, outcome, actions, reason, alternative, unmapped, null);
    }

    public Plan(String planner, String outcome, List<PlannedAction> actions, String reason, String alternative) {
        this(planner, outcome, actions, reason, alternative, null);
    }

    public Plan(String planner, String outcome, List<PlannedAction> actions, String reason) {
        this(planner, outcome, actions, reason, null);
    }

    /** Actions, telling which requested filter values none of them accepts. */
    public static Plan actions(String planner, List<PlannedAction> actions, List<String> unmapped) {
        return new Plan(planner, OUTCOME_ACTIONS, actions, null, null, unmapped);
    }

    /** Actions whose last one looks up what {@code selectionFor} needs: its rows are offered for the user to choose. */
    public static Plan lookup(String planner, List<PlannedAction> actions, String selectionFor) {
        return new Plan(planner, OUTCOME_ACTIONS, actions, null, null, null, selectionFor);
    }

    public static Plan help(String planner, String guidance) {
        return new Plan(planner, OUTCOME_HELP, List.of(), guidance, null);
    }

    public static Plan refused(String planner, String reason, String alternative) {
        return new Plan(planner, OUTCOME_REFUSED, List.of(), reason, alternative);
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
