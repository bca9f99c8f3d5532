package dev.capplanner.planner.plan;

import java.util.List;
import java.util.Map;

/**
 * What a call of an earlier iteration returned, as the planner plans from it: the tool, its entity,
 * and the identifier values found at each path of its result ({@code id}, {@code items[].id}).
 */
public record Observed(int iteration, String tool, String entity, Map<String, List<String>> values) {

    public Observed {
        values = values == null ? Map.of() : Map.copyOf(values);
    }
}
