package dev.capplanner.router.discovery;

import java.util.List;

/** A tool in an offer: lightweight metadata only, never its schema. */
public record OfferedTool(String name, double score, String matchReason, String family, List<String> domains,
                          String sideEffect) {
    public OfferedTool {
        domains = List.copyOf(domains);
    }
}
