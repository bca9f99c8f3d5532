package dev.capplanner.executor.client;

import java.time.Duration;
import java.util.List;

/**
 * Where a target's calls go and how long one may take (the target's own timeout, or the default):
 * a base URL (HTTP routes, or an MCP server's streamable HTTP endpoint), or, for an MCP server run
 * locally over stdio, the command line that starts it.
 *
 * @param url     the base URL; null for a stdio server
 * @param command program and arguments of a stdio MCP server; empty for a URL target
 */
public record CallTarget(String url, List<String> command, Duration timeout) {

    public CallTarget {
        command = command == null ? List.of() : List.copyOf(command);
        if ((url == null) == command.isEmpty()) {
            throw new IllegalArgumentException("a target has a url or a stdio command, not both and not neither");
        }
    }

    /** A target reached at a URL. */
    public CallTarget(String url, Duration timeout) {
        this(url, List.of(), timeout);
    }

    /** A stdio MCP server this process starts. */
    public static CallTarget stdio(List<String> command, Duration timeout) {
        return new CallTarget(null, command, timeout);
    }
}
