package dev.capplanner.contracts.events;

import java.util.List;
import java.util.Map;

/**
 * One tool call of a plan; {@code dependsOn} names earlier actions of the same plan, and {@code from}
 * says which arguments take their value from a dependency's output (the executor fills them in,
 * never the planner). {@code fanOut} (true, or absent) says the user asked about several of what the
 * {@code from} yields ("all", "every"): the executor may make the call once per value, within its
 * configured maximum; without it several values need the user's selection.
 */
public record PlannedAction(String id, String tool, Map<String, Object> arguments, List<String> dependsOn,
                            Map<String, ValueSource> from, Boolean fanOut) {

    public PlannedAction {
        arguments = Map.copyOf(arguments);
        dependsOn = List.copyOf(dependsOn);
        from = from == null ? Map.of() : Map.copyOf(from);
        fanOut = Boolean.TRUE.equals(fanOut) ? Boolean.TRUE : null;
    }

    /** A call that takes one value for each {@code from} argument. */
    public PlannedAction(String id, String tool, Map<String, Object> arguments, List<String> dependsOn,
                         Map<String, ValueSource> from) {
        this(id, tool, arguments, dependsOn, from, null);
    }

    /** Whether the call may be made once per value of its {@code from}. */
    public boolean fansOut() {
        return Boolean.TRUE.equals(fanOut);
    }

    /** A call whose arguments are all given. */
    public PlannedAction(String id, String tool, Map<String, Object> arguments, List<String> dependsOn) {
        this(id, tool, arguments, dependsOn, Map.of());
    }
}
