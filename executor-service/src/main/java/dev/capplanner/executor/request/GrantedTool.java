package dev.capplanner.executor.request;

import java.util.Map;

/**
 * A tool of the run's verified snapshot as the last-mile check sees it: its input schema (arguments
 * are re-validated against it, hidden ones bound from it), the collection path evidence reads, and
 * the output schema an MCP tool's structured result is checked against (null when none is declared);
 * {@code plan}, for a capability plan, its definition as the verified snapshot holds it (compiled when it runs);
 * {@code outputFields}, the field names its output records carry as its source declares them (empty when
 * undeclared); {@code inShadow}, its connection is in shadow: planned and compared, never called.
 */
public record GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                          String collectionPath, Map<String, Object> outputSchema, String entity, CapabilityPlanToRun plan,
                          java.util.List<String> outputFields, boolean inShadow) {
    public GrantedTool {
        inputSchema = inputSchema == null ? Map.of() : inputSchema;
        outputFields = outputFields == null ? java.util.List.of() : java.util.List.copyOf(outputFields);
    }

    /** A live tool. */
    public GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                       String collectionPath, Map<String, Object> outputSchema, String entity, CapabilityPlanToRun plan,
                       java.util.List<String> outputFields) {
        this(name, readOnly, endpoint, inputSchema, collectionPath, outputSchema, entity, plan, outputFields, false);
    }

    public GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                       String collectionPath, Map<String, Object> outputSchema, String entity, CapabilityPlanToRun plan) {
        this(name, readOnly, endpoint, inputSchema, collectionPath, outputSchema, entity, plan, null);
    }

    /** A tool that is not a capability plan. */
    public GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, Map<String, Object> inputSchema,
                       String collectionPath, Map<String, Object> outputSchema, String entity) {
        this(name, readOnly, endpoint, inputSchema, collectionPath, outputSchema, entity, null);
    }

    /** Whether the executor runs it itself, as a capability plan, instead of calling a target. */
    public boolean runsPlan() {
        return plan != null && endpoint.runsPlan();
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
