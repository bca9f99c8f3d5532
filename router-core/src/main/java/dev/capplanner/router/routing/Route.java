package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Candidate;
import java.util.List;

/** The routed candidates (at most eight) and which router chose them. */
public record Route(List<Candidate> candidates, String router) {
    public Route {
        candidates = List.copyOf(candidates);
    }
}
