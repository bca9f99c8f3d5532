package dev.capplanner.contracts.events;

import java.util.List;
import java.util.Map;

/**
 * What one earlier iteration's call returned, as the planner re-plans from it: the identifier values
 * found at each path of the result ({@link ActionResult#observed()}), the tool and its entity.
 */
public record Observation(int iteration, String actionId, String tool, String entity, Integer recordCount,
                          Map<String, List<String>> observed) {

    public Observation {
        observed = observed == null ? Map.of() : Map.copyOf(observed);
    }
}
