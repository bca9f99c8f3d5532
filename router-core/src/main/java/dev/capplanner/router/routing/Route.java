package dev.capplanner.router.routing;

import java.util.List;

/**
 * The candidates of one iteration, which router chose them, and how its answer was checked; at most
 * {@link CapabilityRouter#MAX_CANDIDATES} tools in all, look-alike members included.
 */
public record Route(List<RoutedCandidate> candidates, String router, RouteReport report) {
    public Route {
        candidates = List.copyOf(candidates);
        if (ToolPlaces.tools(candidates) > CapabilityRouter.MAX_CANDIDATES) {
            throw new IllegalArgumentException("a route offers at most " + CapabilityRouter.MAX_CANDIDATES
                    + " tools, look-alike members included; this one " + ToolPlaces.tools(candidates));
        }
        report = report == null ? RouteReport.none() : report;
    }

    public Route(List<RoutedCandidate> candidates, String router) {
        this(candidates, router, RouteReport.none());
    }
}
