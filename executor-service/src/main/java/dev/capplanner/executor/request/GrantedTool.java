package dev.capplanner.executor.request;

import java.util.Map;

/**
 * A tool of the run's verified snapshot as the last-mile check sees it: its input schema (arguments
 * are re-validated against it, hidden ones bound from it) and the collection path evidence reads.
 */
public record GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                          String collectionPath) {
    public GrantedTool {
        inputSchema = inputSchema == null ? Map.of() : inputSchema;
    }
}
