package dev.capplanner.executor.request;

import java.util.Map;

/**
 * A tool of the run's verified snapshot as the last-mile check sees it: its input schema (arguments
 * are re-validated against it, hidden ones bound from it), the collection path evidence reads, and
 * the output schema an MCP tool's structured result is checked against (null when none is declared).
 */
public record GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                          String collectionPath, Map<String, Object> outputSchema, String entity) {
    public GrantedTool {
        inputSchema = inputSchema == null ? Map.of() : inputSchema;
    }

    public GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                       String collectionPath, Map<String, Object> outputSchema) {
        this(name, readOnly, endpoint, inputSchema, collectionPath, outputSchema, null);
    }

    public GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                       String collectionPath) {
        this(name, readOnly, endpoint, inputSchema, collectionPath, null);
    }
}
