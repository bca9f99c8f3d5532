package dev.capplanner.router.strategy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.List;

/**
 * Any strategy's ranking with each capability's look-alikes ({@link LookAlikes}) named among its
 * reasons, so that the route, the router view (and the LLM router reading it) and the discovery
 * offer show the family. The order is the strategy's own.
 */
final class LookAlikeRanker implements CapabilityRanker {

    private final CapabilityRanker ranker;
    private final LookAlikes lookAlikes;

    LookAlikeRanker(CapabilityRanker ranker) {
        this.ranker = ranker;
        this.lookAlikes = LookAlikes.of(ranker.capabilities());
    }

    @Override
    public List<Capability> capabilities() {
        return ranker.capabilities();
    }

    @Override
    public List<RankedCapability> rank(RankingQuery query, int limit) {
        List<RankedCapability> ranked = ranker.rank(query, limit);
        if (lookAlikes.members() == 0) {
            return ranked;
        }
        return ranked.stream().map(r -> {
            List<String> others = lookAlikes.of(r.capability().name());
            return others.isEmpty() ? r : r.because(new MatchReason.LookAlikes(others));
        }).toList();
    }
}
