package dev.capplanner.contracts.events;

/**
 * Where the executor calls a capability: a configured target service and either a safe HTTP method
 * with a path template whose {@code {placeholders}} are filled from arguments (the rest become query
 * parameters), or the MCP method {@code tools/call} with the tool's name on that server as the path.
 */
public record Endpoint(String service, String method, String path) {

    /** The MCP method a tool endpoint uses; the arguments travel as the call's arguments object. */
    public static final String MCP_TOOL_CALL = "tools/call";

    public static Endpoint mcpTool(String service, String tool) {
        return new Endpoint(service, MCP_TOOL_CALL, tool);
    }

    public boolean callsMcpTool() {
        return MCP_TOOL_CALL.equals(method);
    }
}
