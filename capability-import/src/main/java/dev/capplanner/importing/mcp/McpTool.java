package dev.capplanner.importing.mcp;

import java.util.Map;

/**
 * A tool as an MCP server lists it, in the importer's terms. The annotation hints are null when the
 * server left them out; of {@code _meta} only the validated capability hint is kept
 * ({@link CapabilityHint#read}), so the raw object can reach nothing downstream.
 */
public record McpTool(String name, String title, String description, Map<String, Object> inputSchema,
                      Map<String, Object> outputSchema, Boolean readOnlyHint, Boolean destructiveHint,
                      CapabilityHint.Reading capabilityHint) {

    public McpTool {
        capabilityHint = capabilityHint == null ? new CapabilityHint.Absent() : capabilityHint;
    }

    /** A tool without {@code _meta}. */
    public McpTool(String name, String title, String description, Map<String, Object> inputSchema,
                   Map<String, Object> outputSchema, Boolean readOnlyHint, Boolean destructiveHint) {
        this(name, title, description, inputSchema, outputSchema, readOnlyHint, destructiveHint, null);
    }
}
