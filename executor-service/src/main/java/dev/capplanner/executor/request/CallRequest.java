package dev.capplanner.executor.request;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One call a plan asks for: its id in the plan, the tool, its arguments, the arguments to take from
 * earlier calls' outputs ({@code $from}) once those have run, whether the user asked about several
 * of them ({@code fanOut}: one call per value, within the configured maximum), and the actions it
 * depends on.
 */
public record CallRequest(String id, String tool, Map<String, Object> arguments, Map<String, OutputReference> from,
                          boolean fanOut, List<String> dependsOn) {

    public CallRequest {
        arguments = Map.copyOf(arguments);
        from = from == null ? Map.of() : Map.copyOf(from);
        dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
    }

    public CallRequest(String id, String tool, Map<String, Object> arguments, Map<String, OutputReference> from) {
        this(id, tool, arguments, from, false, List.of());
    }

    /** The actions that must have run before this one: those it depends on, and those its {@code $from} reads. */
    public Set<String> prerequisites() {
        Set<String> before = new LinkedHashSet<>(dependsOn);
        from.values().forEach(reference -> before.add(reference.action()));
        return before;
    }

    public CallRequest(String id, String tool, Map<String, Object> arguments) {
        this(id, tool, arguments, Map.of());
    }
}
