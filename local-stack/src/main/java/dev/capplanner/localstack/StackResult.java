package dev.capplanner.localstack;

import java.util.List;
import java.util.Map;

/** What one replay measured. {@link #json()} is the last stdout line of {@code --once}. */
public record StackResult(
        int turns,
        int completed,
        int reportsStored,
        int deadLettered,
        int traces,
        List<TurnOutcome> outcomes,
        Map<String, String> deadLetterReasons,
        Map<String, String> reportsByRun) {

    /**
     * One valid turn's outcome. {@code completed} means a turn-completed event arrived with an
     * outcome other than {@code failed}; {@code traceServices} are the services that sent spans
     * in the turn's trace.
     */
    public record TurnOutcome(String runId, String question, boolean completed, String outcome, String summary,
                              long latencyMs, List<String> candidates, List<String> traceServices) {
    }

    public boolean allCompleted() {
        return completed == turns;
    }

    public String json() {
        return "{\"turns\":" + turns + ",\"completed\":" + completed + ",\"reports_stored\":" + reportsStored
                + ",\"dead_lettered\":" + deadLettered + ",\"traces\":" + traces + "}";
    }
}
