package dev.capplanner.contracts.discovery;

import java.util.List;
import java.util.Map;

/**
 * The router's {@code POST /discovery/tools} answer (its OpenAPI document describes the endpoint): the
 * tools the MCP face offers its caller, each with its definition, and how many the caller may call
 * through the MCP channel, offered or not.
 */
public record McpToolListing(List<Tool> tools, int authorizedCount, int effectiveLimit, String strategy) {

    public McpToolListing {
        tools = tools == null ? List.of() : List.copyOf(tools);
    }

    /**
     * What the MCP face asks: a ranked offer for {@code query}, the permissioned catalog without one, or
     * the definitions of {@code mcpNames} (what a call resolves); {@code projectId} only when the
     * principal token names no project.
     */
    public record Request(String query, Integer limit, String projectId, List<String> mcpNames) {
    }

    /**
     * One tool: its registry {@code name} (what a direct call names), the {@code mcpName} an MCP client
     * calls it by, its description (the source's text, bounded), its input schema without the inputs
     * bound from the run context, its output schema when the source declares one, and for a ranked
     * offer its score and why.
     */
    public record Tool(String name, String mcpName, String description, Map<String, Object> inputSchema,
                       Map<String, Object> outputSchema, String family, String entity, Double score,
                       String matchReason) {
    }
}
