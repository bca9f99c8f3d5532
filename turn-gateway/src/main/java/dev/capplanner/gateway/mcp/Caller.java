package dev.capplanner.gateway.mcp;

import dev.capplanner.principals.ClaimedPrincipal;

/**
 * Who sends an MCP request: the principal its bearer token verified to, and the token itself, which
 * goes on with every turn and API call made for it (each service verifies it again).
 */
record Caller(ClaimedPrincipal principal, String token) {

    /** The request attribute and transport-context key the endpoint hands the caller on with. */
    static final String KEY = "dev.capplanner.mcp.caller";

    String authorization() {
        return "Bearer " + token;
    }

    /** Never the token: a caller may end up in a log line. */
    @Override
    public String toString() {
        return "Caller[" + principal + "]";
    }
}
