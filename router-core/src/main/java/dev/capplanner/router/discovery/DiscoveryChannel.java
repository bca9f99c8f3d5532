package dev.capplanner.router.discovery;

import java.util.Locale;

/** Who asks for tools; each channel has its own default limit (rule "discovery offer"). */
public enum DiscoveryChannel {
    CHAT(8), SUBAGENT(8), MCP(40);

    private final int defaultLimit;

    DiscoveryChannel(int defaultLimit) {
        this.defaultLimit = defaultLimit;
    }

    public int defaultLimit() {
        return defaultLimit;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DiscoveryChannel parse(String value) {
        if (value == null || value.isBlank()) {
            return CHAT;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("channel must be chat, subagent or mcp, not '" + value + "'");
        }
    }
}
