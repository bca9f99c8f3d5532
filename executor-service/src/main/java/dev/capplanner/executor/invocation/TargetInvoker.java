package dev.capplanner.executor.invocation;

import dev.capplanner.executor.request.ToolEndpoint;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** Sends each call to the invoker of its kind: MCP {@code tools/call} endpoints or HTTP ones. */
public final class TargetInvoker implements ToolInvoker {

    private final ToolInvoker http;
    private final ToolInvoker mcp;

    public TargetInvoker(ToolInvoker http, ToolInvoker mcp) {
        this.http = http;
        this.mcp = mcp;
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        return endpoint.callsMcpTool() ? mcp.invoke(endpoint, arguments) : http.invoke(endpoint, arguments);
    }
}
