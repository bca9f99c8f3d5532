package dev.capplanner.router.routing;

import java.util.List;

/** The candidates of one iteration, which router chose them, and how its answer was checked. */
public record Route(List<RoutedCandidate> candidates, String router, RouteReport report) {
    public Route {
        candidates = List.copyOf(candidates);
        report = report == null ? RouteReport.none() : report;
    }

    public Route(List<RoutedCandidate> candidates, String router) {
        this(candidates, router, RouteReport.none());
    }
}
