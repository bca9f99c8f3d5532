package dev.capplanner.planner.plan;

import java.util.List;
import java.util.Map;

/** One tool call of a plan; {@code dependsOn} names earlier calls of the same plan. */
public record PlannedCall(String id, String tool, Map<String, Object> arguments, List<String> dependsOn) {
    public PlannedCall {
        arguments = Map.copyOf(arguments);
        dependsOn = List.copyOf(dependsOn);
    }

    /** A call that depends on nothing. */
    public static PlannedCall of(String id, String tool, Map<String, Object> arguments) {
        return new PlannedCall(id, tool, arguments, List.of());
    }
}
