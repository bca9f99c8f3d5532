package dev.capplanner.planner.plan;

import java.util.List;
import java.util.Map;

/**
 * What a capability planner plans one iteration from: the question and the turns before it, the
 * row the user selected, the routed tools (at most eight), facts of the trusted run context a model
 * may see (project, roles: never identities or secrets), what earlier iterations' calls returned,
 * whether this iteration may end with calls whose results the planner must see before going on
 * ({@code mayContinue}: iterations are left), and the turn's slash command when its tenant trusts it
 * ({@code command}, e.g. {@code /all}; never read from the question).
 */
public record PlanningRequest(String question, List<String> recentTurns, SelectedRow selection, List<ToolSpec> routed,
                              Map<String, Object> runFacts, List<Observed> evidence, boolean mayContinue,
                              String command) {

    public PlanningRequest {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        routed = List.copyOf(routed);
        runFacts = runFacts == null ? Map.of() : Map.copyOf(runFacts);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }

    /** A request of a turn without a trusted command. */
    public PlanningRequest(String question, List<String> recentTurns, SelectedRow selection, List<ToolSpec> routed,
                           Map<String, Object> runFacts, List<Observed> evidence, boolean mayContinue) {
        this(question, recentTurns, selection, routed, runFacts, evidence, mayContinue, null);
    }

    /** Whether the backend's trusted command says the user asked about every match ({@code /all}). */
    public boolean commandsAll() {
        return dev.capplanner.contracts.events.TurnCommands.ALL.equals(command);
    }

    /** The same turn offered other tools (the legacy path is offered the whole catalog), that must answer at once. */
    public PlanningRequest offering(List<ToolSpec> tools) {
        return new PlanningRequest(question, recentTurns, selection, tools, runFacts, evidence, false, command);
    }

    /** A first iteration with nothing but the question, the selection and the route, that must answer at once. */
    public static PlanningRequest of(String question, SelectedRow selection, List<ToolSpec> routed) {
        return new PlanningRequest(question, List.of(), selection, routed, Map.of(), List.of(), false);
    }
}
