package dev.capplanner.planner.plan;

import java.util.List;
import java.util.Map;

/**
 * What a capability planner plans one iteration from: the question and the turns before it, the
 * row the user selected, the routed tools (at most eight), facts of the trusted run context a model
 * may see (project, roles: never identities or secrets), and the evidence observed so far.
 */
public record PlanningRequest(String question, List<String> recentTurns, SelectedRow selection, List<ToolSpec> routed,
                              Map<String, Object> runFacts, List<Map<String, Object>> evidence) {

    public PlanningRequest {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        routed = List.copyOf(routed);
        runFacts = runFacts == null ? Map.of() : Map.copyOf(runFacts);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }

    /** A first iteration with nothing but the question, the selection and the route. */
    public static PlanningRequest of(String question, SelectedRow selection, List<ToolSpec> routed) {
        return new PlanningRequest(question, List.of(), selection, routed, Map.of(), List.of());
    }
}
