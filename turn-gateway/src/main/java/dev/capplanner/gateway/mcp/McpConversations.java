package dev.capplanner.gateway.mcp;

import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.principals.ClaimedPrincipal;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The conversations of MCP callers. A conversation id is more than a label: it scopes artifacts and a
 * tool may bind it as an input, so an MCP client (an end user's program, unlike a chat backend) never
 * names one freely. Every id the gateway mints for a caller starts with a prefix derived from the
 * caller's tenant and user, and a caller may go on only in a conversation under its own prefix: never
 * in a chat backend's conversation, never in another user's.
 */
final class McpConversations {

    private static final Pattern SHAPE = Pattern.compile("^mcp-[0-9a-f]{16}-[0-9a-f-]{36}$");

    private McpConversations() {
    }

    static String fresh(ClaimedPrincipal caller) {
        return prefix(caller) + UUID.randomUUID();
    }

    /** The id, when it is one the gateway minted for this caller. */
    static Optional<String> owned(ClaimedPrincipal caller, String conversationId) {
        return conversationId != null && SHAPE.matcher(conversationId).matches()
                && conversationId.startsWith(prefix(caller)) ? Optional.of(conversationId) : Optional.empty();
    }

    private static String prefix(ClaimedPrincipal caller) {
        String digest = CanonicalJson.sha256((caller.tenantId() + "\n" + caller.userId()).getBytes(StandardCharsets.UTF_8));
        return "mcp-" + digest.substring("sha256:".length(), "sha256:".length() + 16) + "-";
    }
}
