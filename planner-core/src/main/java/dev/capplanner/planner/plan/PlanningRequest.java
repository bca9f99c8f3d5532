package dev.capplanner.planner.plan;

import java.util.List;
import java.util.Map;

/**
 * What a capability planner plans one iteration from: the question and the turns before it, the
 * row the user selected, the routed tools (at most eight), facts of the trusted run context a model
 * may see (project, roles: never identities or secrets), what earlier iterations' calls returned,
 * and whether this iteration may end with calls whose results the planner must see before going on
 * ({@code mayContinue}: iterations are left).
 */
public record PlanningRequest(String question, List<String> recentTurns, SelectedRow selection, List<ToolSpec> routed,
                              Map<String, Object> runFacts, List<Observed> evidence, boolean mayContinue) {

    public PlanningRequest {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        routed = List.copyOf(routed);
        runFacts = runFacts == null ? Map.of() : Map.copyOf(runFacts);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }

    /** The same turn offered other tools (the legacy path is offered the whole catalog), that must answer at once. */
    public PlanningRequest offering(List<ToolSpec> tools) {
        return new PlanningRequest(question, recentTurns, selection, tools, runFacts, evidence, false);
    }

    /** A first iteration with nothing but the question, the selection and the route, that must answer at once. */
    public static PlanningRequest of(String question, SelectedRow selection, List<ToolSpec> routed) {
        return new PlanningRequest(question, List.of(), selection, routed, Map.of(), List.of(), false);
    }
}
