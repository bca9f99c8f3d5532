package dev.capplanner.importing.rollout;

import java.util.List;

/**
 * One capability as the rollout report reads it, whoever holds it (an import's result, the registry):
 * its operation, whether its output is declared (a JSON Schema) and where its collection is, why it
 * waits for review (null when it does not), the inputs a planner must give it, and which of its
 * inputs other capabilities' results can feed ({@code feeds}, by provider).
 */
public record RolloutSubject(String name, String operation, boolean declaresOutput, String collectionPath,
                             String reviewHold, List<String> requiredInputs, List<Feed> feeds) {

    public RolloutSubject {
        requiredInputs = List.copyOf(requiredInputs);
        feeds = List.copyOf(feeds);
    }

    /** {@code input} of this capability can be taken from {@code provider}'s result. */
    public record Feed(String input, String provider) {
    }
}
