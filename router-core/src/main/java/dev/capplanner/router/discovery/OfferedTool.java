package dev.capplanner.router.discovery;

import dev.capplanner.router.ranking.MatchReason;
import java.util.List;

/** A tool in an offer: lightweight metadata only, never its schema. */
public record OfferedTool(String name, double score, List<MatchReason> reasons, String family, List<String> domains,
                          String sideEffect) {
    public OfferedTool {
        reasons = List.copyOf(reasons);
        domains = List.copyOf(domains);
    }
}
