package dev.capplanner.router.discovery;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Who asks for tools (rule "discovery channels"). Each channel has a default limit, says whether it
 * ranks, and whether it needs an allowlist: a CRM or ticket channel offers nothing until the tenant
 * configured which tools it may use; the workflow channel lists every authorized capability
 * unranked (up to the hard maximum), and so does the MCP {@code tools/list} channel when it is asked
 * without a query.
 */
public enum DiscoveryChannel {
    CHAT(8, true, false),
    SUBAGENT(8, true, false),
    CRM(8, true, true),
    TICKET(8, true, true),
    WORKFLOW(ToolDiscovery.HARD_MAX_LIMIT, false, false),
    MCP(40, true, false);

    private final int defaultLimit;
    private final boolean ranked;
    private final boolean needsAllowlist;

    DiscoveryChannel(int defaultLimit, boolean ranked, boolean needsAllowlist) {
        this.defaultLimit = defaultLimit;
        this.ranked = ranked;
        this.needsAllowlist = needsAllowlist;
    }

    public int defaultLimit() {
        return defaultLimit;
    }

    /** Whether the channel's offer is ranked by the question (the MCP channel only when it has one). */
    public boolean ranks(String query) {
        return ranked && !(this == MCP && (query == null || query.isBlank()));
    }

    /** Whether the channel offers nothing unless the tenant configured an allowlist for it. */
    public boolean needsAllowlist() {
        return needsAllowlist;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(DiscoveryChannel::wireName).toList();
    }

    public static DiscoveryChannel parse(String value) {
        if (value == null || value.isBlank()) {
            return CHAT;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("channel must be one of " + String.join(", ", wireNames())
                    + ", not '" + value + "'");
        }
    }
}
