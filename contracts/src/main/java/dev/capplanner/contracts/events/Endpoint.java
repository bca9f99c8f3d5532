package dev.capplanner.contracts.events;

/**
 * Where the executor calls a capability: a configured target service and either a safe HTTP method
 * with a path template whose {@code {placeholders}} are filled from arguments (the rest become query
 * parameters), the MCP method {@code tools/call} with the tool's name on that server as the path, or
 * {@code plan/run}: a capability plan the executor runs itself, step by step.
 */
public record Endpoint(String service, String method, String path) {

    /** The MCP method a tool endpoint uses; the arguments travel as the call's arguments object. */
    public static final String MCP_TOOL_CALL = "tools/call";

    /** The method of a capability plan's endpoint: no target is called, the executor runs the plan's steps. */
    public static final String PLAN_RUN = "plan/run";

    /** The service a plan's endpoint names: the executor's own plan engine. */
    public static final String PLAN_ENGINE = "capability-plans";

    public static Endpoint plan(String name) {
        return new Endpoint(PLAN_ENGINE, PLAN_RUN, name);
    }

    public boolean runsPlan() {
        return PLAN_RUN.equals(method);
    }

    public static Endpoint mcpTool(String service, String tool) {
        return new Endpoint(service, MCP_TOOL_CALL, tool);
    }

    public boolean callsMcpTool() {
        return MCP_TOOL_CALL.equals(method);
    }
}
