package dev.capplanner.executor.targets;

import dev.capplanner.contracts.credentials.CredentialReference;
import java.time.Duration;
import java.util.List;

/**
 * Where a target's calls go and how long one may take (the target's own timeout, or the default):
 * a base URL (HTTP routes, or an MCP server's streamable HTTP endpoint), or, for an MCP server run
 * locally over stdio, the command line that starts it; and, for a target the registry names, the
 * credential its calls present, resolved in the owning tenant's namespace.
 *
 * @param url           the base URL; null for a stdio server
 * @param command       program and arguments of a stdio MCP server; empty for a URL target
 * @param credential    by reference; null when the calls present none
 * @param secretsTenant whose namespace the credential's secret is resolved in; null without a credential
 */
public record CallTarget(String url, List<String> command, Duration timeout, CredentialReference credential,
                         String secretsTenant) {

    public CallTarget {
        command = command == null ? List.of() : List.copyOf(command);
        if ((url == null) == command.isEmpty()) {
            throw new IllegalArgumentException("a target has a url or a stdio command, not both and not neither");
        }
        if (credential != null && secretsTenant == null) {
            throw new IllegalArgumentException("a credential is resolved in its tenant's namespace: name the tenant");
        }
    }

    /** A configured target reached at a URL, presenting no credential. */
    public CallTarget(String url, Duration timeout) {
        this(url, List.of(), timeout, null, null);
    }

    /** A stdio MCP server this process starts. */
    public static CallTarget stdio(List<String> command, Duration timeout) {
        return new CallTarget(null, command, timeout, null, null);
    }
}
