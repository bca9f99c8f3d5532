package dev.capplanner.router.ranking;

import dev.capplanner.contracts.events.Capability;
import java.util.List;

/** Ranks one snapshot's capabilities for a question; implementations are immutable and per snapshot. */
public interface CapabilityRanker {

    /** The {@code limit} best capabilities, best first; ties broken by name. */
    List<RankedCapability> rank(RankingQuery query, int limit);

    List<Capability> capabilities();

    default List<RankedCapability> rank(RankingQuery query) {
        return rank(query, capabilities().size());
    }
}
