package dev.capplanner.router.discovery;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.routing.RoutedCandidate;
import java.util.List;

/** What discovery offers (rule "discovery offer"); {@code mutation} is always false: read-only tools only. */
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

    /**
     * What a routed chat turn amounts to as an offer: the route's candidates out of the whole
     * (already permissioned) snapshot, so that turns and discovery previews are observed alike.
     */
    public static DiscoveryOffer ofRoute(Route route, String strategy, int snapshotSize, int requestedLimit,
                                         int effectiveLimit, double latencyMs) {
        List<OfferedTool> offered = route.candidates().stream().map(DiscoveryOffer::offered).toList();
        return new DiscoveryOffer(offered, strategy, DiscoveryChannel.CHAT.wireName(), "read", false, requestedLimit,
                effectiveLimit, snapshotSize, 0, latencyMs);
    }

    private static OfferedTool offered(RoutedCandidate candidate) {
        Capability capability = candidate.capability();
        return new OfferedTool(capability.name(), candidate.score(), candidate.reasons(), capability.family(),
                List.of(capability.kind(), capability.entity()), capability.readOnly() ? "none" : "write");
    }
}
