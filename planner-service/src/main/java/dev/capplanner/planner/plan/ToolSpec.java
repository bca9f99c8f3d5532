package dev.capplanner.planner.plan;

import java.util.Map;

/**
 * A routed tool as the planner sees it: its name, the entity it is about, whether the snapshot holds
 * it as read-only, and its full input JSON Schema.
 */
public record ToolSpec(String name, String entity, boolean readOnly, Map<String, Object> inputSchema) {
    public ToolSpec {
        inputSchema = Map.copyOf(inputSchema);
    }
}
