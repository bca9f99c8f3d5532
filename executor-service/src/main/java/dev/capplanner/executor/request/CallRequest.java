package dev.capplanner.executor.request;

import java.util.Map;

/** One call a plan asks for: its id in the plan, the tool, and its arguments. */
public record CallRequest(String id, String tool, Map<String, Object> arguments) {
    public CallRequest {
        arguments = Map.copyOf(arguments);
    }
}
