package dev.capplanner.contracts.events;

import java.util.List;
import java.util.Map;

/**
 * One tool call of a plan; {@code dependsOn} names earlier actions of the same plan, and {@code from}
 * says which arguments take their value from a dependency's output (the executor fills them in,
 * never the planner).
 */
public record PlannedAction(String id, String tool, Map<String, Object> arguments, List<String> dependsOn,
                            Map<String, ValueSource> from) {

    public PlannedAction {
        arguments = Map.copyOf(arguments);
        dependsOn = List.copyOf(dependsOn);
        from = from == null ? Map.of() : Map.copyOf(from);
    }

    /** A call whose arguments are all given. */
    public PlannedAction(String id, String tool, Map<String, Object> arguments, List<String> dependsOn) {
        this(id, tool, arguments, dependsOn, Map.of());
    }
}
