package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.RouterReport;
import java.util.List;

/** The routed candidates (at most eight), which router chose them, and how its answer was checked. */
public record Route(List<Candidate> candidates, String router, RouterReport report) {
    public Route {
        candidates = List.copyOf(candidates);
        report = report == null ? RouterReport.none() : report;
    }

    public Route(List<Candidate> candidates, String router) {
        this(candidates, router, RouterReport.none());
    }
}
