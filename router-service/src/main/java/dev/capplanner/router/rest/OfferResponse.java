package dev.capplanner.router.rest;

import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.discovery.OfferedTool;
import dev.capplanner.router.ranking.MatchReasonText;
import java.util.List;

/** A discovery offer as the REST API shows it: each tool's reasons rendered as one line. */
public record OfferResponse(
        List<Tool> candidates,
        String strategy,
        String channel,
        String executionMode,
        boolean mutation,
        int requestedLimit,
        int effectiveLimit,
        int authorizedCount,
        int deniedCount,
        double latencyMs) {

    /** One offered tool: names and metadata, never a schema. */
    public record Tool(String name, double score, String matchReason, String family, List<String> domains,
                       String sideEffect) {
    }

    static OfferResponse of(DiscoveryOffer offer) {
        return new OfferResponse(offer.candidates().stream().map(OfferResponse::tool).toList(), offer.strategy(),
                offer.channel(), offer.executionMode(), offer.mutation(), offer.requestedLimit(), offer.effectiveLimit(),
                offer.authorizedCount(), offer.deniedCount(), offer.latencyMs());
    }

    private static Tool tool(OfferedTool tool) {
        return new Tool(tool.name(), tool.score(), MatchReasonText.of(tool.reasons()), tool.family(), tool.domains(),
                tool.sideEffect());
    }
}
