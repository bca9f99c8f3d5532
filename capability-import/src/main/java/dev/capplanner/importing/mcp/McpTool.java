package dev.capplanner.importing.mcp;

import java.util.Map;

/**
 * A tool as an MCP server lists it, in the importer's terms. The hints are null when the server
 * left them out; {@code _meta} is deliberately not kept, so it can reach nothing downstream.
 */
public record McpTool(String name, String title, String description, Map<String, Object> inputSchema,
                      Map<String, Object> outputSchema, Boolean readOnlyHint, Boolean destructiveHint) {
}
