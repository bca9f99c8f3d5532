package dev.capplanner.contracts.snapshotservice;

import dev.capplanner.contracts.credentials.CredentialReference;

/**
 * A registered connection's call target: where its calls go, how, and how they authenticate (by
 * reference), as of a registry revision. The executor checks the URL against its egress policy
 * before any call.
 *
 * @param transport  {@code http} (an API's routes under {@code url}) or {@code mcp} (an MCP server's
 *                   streamable HTTP endpoint at {@code url})
 * @param credential null when the source takes no credential
 */
public record TargetAnswer(String target, String url, String transport, CredentialReference credential,
                           long registryRevision) {

    public static final String HTTP = "http";
    public static final String MCP = "mcp";
}
