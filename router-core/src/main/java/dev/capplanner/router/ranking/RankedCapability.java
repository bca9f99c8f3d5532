package dev.capplanner.router.ranking;

import dev.capplanner.contracts.events.Capability;
import java.util.ArrayList;
import java.util.List;

/**
 * A capability with its score for one question, whether it is relevant to the question at all
 * (rule "no fit, no route": only relevant capabilities are routed), and why.
 */
public record RankedCapability(Capability capability, double score, boolean relevant, List<MatchReason> reasons) {

    public RankedCapability {
        reasons = List.copyOf(reasons);
    }

    /** The same ranking with one more reason at the end. */
    public RankedCapability because(MatchReason reason) {
        List<MatchReason> more = new ArrayList<>(reasons);
        more.add(reason);
        return new RankedCapability(capability, score, relevant, more);
    }
}
