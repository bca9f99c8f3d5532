package dev.capplanner.executor.request;

import java.util.Map;

/**
 * One call a plan asks for: its id in the plan, the tool, its arguments, the arguments to take from
 * earlier calls' outputs ({@code $from}) once those have run, and whether the user asked about
 * several of them ({@code fanOut}: one call per value, within the configured maximum).
 */
public record CallRequest(String id, String tool, Map<String, Object> arguments, Map<String, OutputReference> from,
                          boolean fanOut) {

    public CallRequest {
        arguments = Map.copyOf(arguments);
        from = from == null ? Map.of() : Map.copyOf(from);
    }

    public CallRequest(String id, String tool, Map<String, Object> arguments, Map<String, OutputReference> from) {
        this(id, tool, arguments, from, false);
    }

    public CallRequest(String id, String tool, Map<String, Object> arguments) {
        this(id, tool, arguments, Map.of());
    }
}
