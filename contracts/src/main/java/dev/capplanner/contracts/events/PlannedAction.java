package dev.capplanner.contracts.events;

import java.util.List;
import java.util.Map;

/** One tool call of a plan; {@code dependsOn} names earlier actions of the same plan. */
public record PlannedAction(String id, String tool, Map<String, Object> arguments, List<String> dependsOn) {
    public PlannedAction {
        arguments = Map.copyOf(arguments);
        dependsOn = List.copyOf(dependsOn);
    }
}
