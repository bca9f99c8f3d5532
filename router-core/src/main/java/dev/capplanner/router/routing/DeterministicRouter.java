package dev.capplanner.router.routing;

import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.List;

/**
 * The offline router: the strongest lexical matches, plus the capabilities that find identifiers
 * those matches require ({@link PrerequisiteExpansion}); never more than {@link #MAX_CANDIDATES},
 * and nothing relevant when nothing is (rule "no fit, no route": an empty route lets the planner
 * say "insufficient" instead of guessing).
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
        List<RoutedCandidate> candidates = snapshotIndex.rank(query, limit).stream()
                .filter(ranked -> ranked.relevant())
                .limit(limit)
                .map(RoutedCandidate::of)
                .toList();
        return new Route(expansion.expand(candidates, snapshotIndex.capabilities(), limit), NAME);
    }
}
