package dev.capplanner.executor.invocation;

/**
 * What a physical call returned: the parsed JSON body (null when not JSON), the HTTP status for an
 * HTTP call (null for an MCP tool call), and a normalized failure, null when the call succeeded.
 * A failure never carries the remote side's own words.
 */
public record ToolResponse(Integer httpStatus, Object body, String failure) {

    public static ToolResponse http(int status, Object body) {
        return new ToolResponse(status, body, status >= 200 && status < 300 ? null : "HTTP " + status);
    }

    public static ToolResponse mcp(Object body) {
        return new ToolResponse(null, body, null);
    }

    /** The MCP server answered the call with {@code isError}: its message is remote text, so it is not kept. */
    public static ToolResponse mcpToolError() {
        return new ToolResponse(null, null, "the MCP tool reported an error");
    }

    public boolean successful() {
        return failure == null;
    }
}
