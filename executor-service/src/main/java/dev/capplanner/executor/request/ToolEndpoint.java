package dev.capplanner.executor.request;

/**
 * Where a tool is called: a target service and either an HTTP method with a path template whose
 * {@code {placeholders}} are filled from arguments (the rest become query parameters), or
 * {@code tools/call} with the tool's name on that MCP server.
 *
 * @param owner the tenant and project whose run calls it: a target the registry names is looked up,
 *              and its credential resolved, in their namespace only; null for the executor's configured
 *              targets alone
 */
public record ToolEndpoint(String service, String method, String path, RunScope owner) {

    /** An endpoint on one of the executor's configured targets. */
    public ToolEndpoint(String service, String method, String path) {
        this(service, method, path, null);
    }

    public static final String MCP_TOOL_CALL = "tools/call";
    /** A capability plan's method: the executor runs the plan's steps, no target is called for it. */
    public static final String PLAN_RUN = "plan/run";

    public boolean runsPlan() {
        return PLAN_RUN.equals(method);
    }

    public boolean callsMcpTool() {
        return MCP_TOOL_CALL.equals(method);
    }
}
