package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.List;

/**
 * The offline router: the strongest lexical matches, plus the capabilities that find identifiers
 * those matches require ({@link PrerequisiteExpansion}); never more than {@link #MAX_CANDIDATES},
 * and nothing relevant when nothing is (rule "no fit, no route": an empty route lets the planner
 * say "insufficient" instead of guessing). A capability plan is routed only when it ranks first: it
 * answers the one question it was written for, and lower down it would take a finder's place.
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
        List<RankedCapability> ranked = snapshotIndex.rank(query, limit);
        int plansBelowFirst = plansBelowFirst(ranked);
        if (plansBelowFirst > 0) {
            // The places those plans leave go to the capabilities ranked next.
            ranked = snapshotIndex.rank(query, limit + plansBelowFirst);
        }
        List<RankedCapability> relevant = ranked.stream().filter(RankedCapability::relevant).toList();
        List<RoutedCandidate> candidates = relevant.stream()
                .filter(candidate -> !Capability.isPlan(candidate.capability()) || candidate == relevant.get(0))
                .limit(limit)
                .map(RoutedCandidate::of)
                .toList();
        return new Route(expansion.expand(candidates, snapshotIndex.capabilities(), limit), NAME);
    }

    private static int plansBelowFirst(List<RankedCapability> ranked) {
        List<RankedCapability> relevant = ranked.stream().filter(RankedCapability::relevant).toList();
        return (int) relevant.stream().skip(1).filter(candidate -> Capability.isPlan(candidate.capability())).count();
    }
}
