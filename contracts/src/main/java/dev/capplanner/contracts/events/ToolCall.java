package dev.capplanner.contracts.events;

import java.util.Map;

/**
 * A direct call of one capability of the caller's snapshot ({@code TurnRequested.toolCall}): the
 * registry name and the arguments as the caller gave them. Nothing is ranked or planned from the
 * question; the router routes only this capability when the snapshot holds it, the planner validates
 * the one call like any plan (schema, read-only, no hidden argument) and the executor's last mile
 * checks it like any call.
 */
public record ToolCall(String tool, Map<String, Object> arguments) {

    /** As turn-requested.json bounds it. */
    public static final int MAX_ARGUMENTS = 64;

    public ToolCall {
        if (tool == null || tool.isBlank()) {
            throw new IllegalArgumentException("a tool call names its tool");
        }
        arguments = arguments == null ? Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(arguments));
    }
}
