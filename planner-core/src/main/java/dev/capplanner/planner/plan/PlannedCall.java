package dev.capplanner.planner.plan;

import java.util.List;
import java.util.Map;

/**
 * One tool call of a plan; {@code dependsOn} names earlier calls of the same plan, and {@code from}
 * the arguments the executor takes from their outputs; {@code fanOut}: the user asked about several
 * of what the {@code from} yields, so the executor may call once per value.
 */
public record PlannedCall(String id, String tool, Map<String, Object> arguments, List<String> dependsOn,
                          Map<String, ArgumentSource> from, boolean fanOut) {

    public PlannedCall {
        arguments = Map.copyOf(arguments);
        dependsOn = List.copyOf(dependsOn);
        from = from == null ? Map.of() : Map.copyOf(from);
    }

    public PlannedCall(String id, String tool, Map<String, Object> arguments, List<String> dependsOn,
                       Map<String, ArgumentSource> from) {
        this(id, tool, arguments, dependsOn, from, false);
    }

    public PlannedCall(String id, String tool, Map<String, Object> arguments, List<String> dependsOn) {
        this(id, tool, arguments, dependsOn, Map.of());
    }

    /** This call, made once per value of a {@code from} that reads a collection. */
    public PlannedCall fannedOut() {
        return new PlannedCall(id, tool, arguments, dependsOn, from, true);
    }

    /** A call that depends on nothing. */
    public static PlannedCall of(String id, String tool, Map<String, Object> arguments) {
        return new PlannedCall(id, tool, arguments, List.of());
    }
}
