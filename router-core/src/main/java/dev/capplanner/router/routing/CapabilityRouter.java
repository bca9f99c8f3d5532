package dev.capplanner.router.routing;

import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankingQuery;

/** Chooses the candidates the planner may use for one iteration. */
public interface CapabilityRouter {

    /** Rule "eight candidates": no route holds more. */
    int MAX_CANDIDATES = 8;

    Route route(RankingQuery query, CapabilityRanker snapshotIndex);
}
