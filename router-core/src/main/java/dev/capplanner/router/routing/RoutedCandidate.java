package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;

/** A capability a route hands to the planner, with its rank score and why it is there. */
public record RoutedCandidate(Capability capability, double score, List<MatchReason> reasons) {

    public RoutedCandidate {
        reasons = List.copyOf(reasons);
    }

    public static RoutedCandidate of(RankedCapability ranked) {
        return new RoutedCandidate(ranked.capability(), ranked.score(), ranked.reasons());
    }
}
