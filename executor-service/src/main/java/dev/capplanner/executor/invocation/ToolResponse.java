package dev.capplanner.executor.invocation;

/** What a physical call returned: its HTTP status and the parsed JSON body (null when not JSON). */
public record ToolResponse(int status, Object body) {

    public boolean successful() {
        return status >= 200 && status < 300;
    }
}
