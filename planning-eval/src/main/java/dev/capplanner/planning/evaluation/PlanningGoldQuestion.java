package dev.capplanner.planning.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One gold question: what a support agent asks (and, optionally, the row they selected before), and the
 * plan that answers it, a sequence of calls by the source's operation names with the arguments the
 * planner must set itself (values chained from earlier calls and hidden arguments are not listed), or
 * no plan at all ({@code "outcome": "insufficient"}) when no capability fits or a needed value is missing.
 */
public record PlanningGoldQuestion(String id, String question, Map<String, Object> selection, List<ExpectedCall> plan) {

    public record ExpectedCall(String tool, Map<String, Object> args) {
    }

    public PlanningGoldQuestion {
        plan = List.copyOf(plan);
    }

    public boolean expectsInsufficient() {
        return plan.isEmpty();
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    @SuppressWarnings("unchecked")
    public static List<PlanningGoldQuestion> read(Path file) {
        List<PlanningGoldQuestion> questions = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node = JSON.readTree(line);
                if (!node.hasNonNull("id") || !node.hasNonNull("question")
                        || node.has("plan") == "insufficient".equals(node.path("outcome").asText())) {
                    throw new IllegalArgumentException("gold line " + number
                            + " needs an id, a question and either a plan or \"outcome\": \"insufficient\"");
                }
                List<ExpectedCall> plan = new ArrayList<>();
                for (JsonNode call : node.path("plan")) {
                    plan.add(new ExpectedCall(call.path("tool").asText(), call.hasNonNull("args")
                            ? JSON.convertValue(call.get("args"), LinkedHashMap.class) : Map.of()));
                }
                Map<String, Object> selection = node.hasNonNull("selection")
                        ? JSON.convertValue(node.get("selection"), LinkedHashMap.class) : null;
                questions.add(new PlanningGoldQuestion(node.get("id").asText(), node.get("question").asText(), selection,
                        plan));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read gold questions " + file, e);
        }
        return questions;
    }
}
