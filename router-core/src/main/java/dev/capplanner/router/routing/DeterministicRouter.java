package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.List;

/**
 * The offline router: the strongest lexical matches, plus the capabilities that find identifiers
 * those matches require ({@link PrerequisiteExpansion}); never more than {@link #MAX_CANDIDATES},
 * and nothing when no term matched (an empty route lets the planner say "insufficient" instead of
 * guessing).
 */
public final class DeterministicRouter implements CapabilityRouter {

    public static final String NAME = "deterministic";

    private final PrerequisiteExpansion expansion = new PrerequisiteExpansion();
    private final int limit;

    public DeterministicRouter(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a route needs room for at least one candidate");
        }
        this.limit = Math.min(limit, MAX_CANDIDATES);
    }

    @Override
    public Route route(RankingQuery query, CapabilityRanker snapshotIndex) {
        List<Candidate> candidates = snapshotIndex.rank(query, limit).stream()
                .filter(ranked -> ranked.score() > 0)
                .limit(limit)
                .map(DeterministicRouter::toCandidate)
                .toList();
        return new Route(expansion.expand(candidates, snapshotIndex.capabilities(), limit), NAME);
    }

    private static Candidate toCandidate(RankedCapability ranked) {
        return new Candidate(ranked.capability(), ranked.score(), ranked.matchReason());
    }
}
