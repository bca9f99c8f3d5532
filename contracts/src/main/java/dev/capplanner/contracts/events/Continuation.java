package dev.capplanner.contracts.events;

import java.util.List;

/**
 * What the planner needs to plan a turn's next iteration, carried by a plan whose results it must see
 * first (and sealed with it): the question, the turns before it, the selection, the route's
 * candidates, the evidence of earlier iterations, the iteration cap and the turn's trusted command.
 */
public record Continuation(String question, List<String> recentTurns, Selection currentSelection,
                           List<Candidate> candidates, List<Observation> evidence, int maxIterations, String command) {

    public Continuation {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        candidates = List.copyOf(candidates);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }

    /** The continuation of a turn without a trusted command. */
    public Continuation(String question, List<String> recentTurns, Selection currentSelection, List<Candidate> candidates,
                        List<Observation> evidence, int maxIterations) {
        this(question, recentTurns, currentSelection, candidates, evidence, maxIterations, null);
    }
}
