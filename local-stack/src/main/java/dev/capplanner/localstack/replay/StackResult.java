package dev.capplanner.localstack.replay;

import dev.capplanner.localstack.stack.StackOptions;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one replay observed. {@link #json()} is the last stdout line of {@code --once}:
 * {@code turns} valid turns published; {@code completed} those that got their completion event;
 * {@code outcomes} each turn's outcome in replay order ({@code none} when it never completed);
 * {@code reports_stored} turns whose shadow report the report API serves; {@code dead_lettered}
 * invalid lines found on the dead-letter topic with a reason; {@code traces} turns whose one trace
 * reached all five services.
 */
public record StackResult(
        List<TurnOutcome> outcomes,
        Map<String, String> deadLetterReasons,
        Map<String, String> reportsByRun) {

    public static final String NOT_COMPLETED = "none";

    public StackResult {
        outcomes = List.copyOf(outcomes);
        deadLetterReasons = Map.copyOf(deadLetterReasons);
        reportsByRun = Map.copyOf(reportsByRun);
    }

    /**
     * One valid turn. {@code outcome} is the completion event's outcome, or null when none arrived
     * in time; {@code traceServices} are the services that sent spans in the turn's trace;
     * {@code choices}, the selection card's options as a person reads them, when there is one.
     */
    public record TurnOutcome(String runId, String question, String outcome, String summary, long latencyMs,
                              List<String> candidates, List<String> traceServices, String choices) {

        public TurnOutcome {
            candidates = List.copyOf(candidates);
            traceServices = List.copyOf(traceServices);
        }

        public TurnOutcome(String runId, String question, String outcome, String summary, long latencyMs,
                           List<String> candidates, List<String> traceServices) {
            this(runId, question, outcome, summary, latencyMs, candidates, traceServices, null);
        }

        public boolean completed() {
            return outcome != null;
        }

        public boolean tracedThroughEveryService() {
            return traceServices.containsAll(StackOptions.SERVICES);
        }
    }

    public int turns() {
        return outcomes.size();
    }

    public int completed() {
        return (int) outcomes.stream().filter(TurnOutcome::completed).count();
    }

    public int reportsStored() {
        return (int) outcomes.stream().filter(o -> reportsByRun.containsKey(o.runId())).count();
    }

    public int deadLettered() {
        return deadLetterReasons.size();
    }

    public int traces() {
        return (int) outcomes.stream().filter(TurnOutcome::tracedThroughEveryService).count();
    }

    public boolean allCompleted() {
        return completed() == turns();
    }

    public String json() {
        String each = outcomes.stream().map(o -> "\"" + (o.completed() ? o.outcome() : NOT_COMPLETED) + "\"")
                .collect(Collectors.joining(",", "[", "]"));
        return "{\"turns\":" + turns() + ",\"completed\":" + completed() + ",\"outcomes\":" + each
                + ",\"reports_stored\":" + reportsStored() + ",\"dead_lettered\":" + deadLettered()
                + ",\"traces\":" + traces() + "}";
    }
}
