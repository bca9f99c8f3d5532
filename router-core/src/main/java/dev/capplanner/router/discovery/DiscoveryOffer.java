package dev.capplanner.router.discovery;

import java.util.List;

/** What discovery offers (hesabix {@code DiscoveryOffer}); {@code mutation} is always false: read-only tools only. */
public record DiscoveryOffer(
        List<OfferedTool> candidates,
        String strategy,
        String channel,
        String executionMode,
        boolean mutation,
        int requestedLimit,
        int effectiveLimit,
        int authorizedCount,
        int deniedCount,
        double latencyMs) {

    public DiscoveryOffer {
        candidates = List.copyOf(candidates);
    }
}
