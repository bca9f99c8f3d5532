package dev.capplanner.contracts.events;

import java.util.List;

/**
 * What the planner needs to plan a turn's next iteration, carried by a plan whose results it must see
 * first (and sealed with it): the question, the turns before it, the selection, the route's
 * candidates, the evidence of earlier iterations and the iteration cap.
 */
public record Continuation(String question, List<String> recentTurns, Selection currentSelection,
                           List<Candidate> candidates, List<Observation> evidence, int maxIterations) {

    public Continuation {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        candidates = List.copyOf(candidates);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }
}
