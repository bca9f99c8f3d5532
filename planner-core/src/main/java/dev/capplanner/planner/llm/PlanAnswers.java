package dev.capplanner.planner.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.validation.PlanViolation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A model's answer as a plan, or why it is none: not JSON, or not the answer format
 * ({@link PlannerPrompt#SYSTEM}). Format errors are violations of rule {@code format}, so the one
 * correction a model gets covers them like any other broken rule.
 */
final class PlanAnswers {

    static final String FORMAT = "format";
    private static final ObjectMapper JSON = new ObjectMapper();

    sealed interface Parsed {
    }

    record Planned(ToolPlan plan) implements Parsed {
    }

    record Unreadable(List<PlanViolation> violations) implements Parsed {
    }

    private PlanAnswers() {
    }

    static Parsed parse(String answer) {
        JsonNode root;
        try {
            root = JSON.readTree(stripFence(answer == null ? "" : answer));
        } catch (JsonProcessingException e) {
            return unreadable("plan", "the answer is not a JSON object");
        }
        if (root == null || !root.isObject()) {
            return unreadable("plan", "the answer is not a JSON object");
        }
        if (root.path("insufficient").isObject()) {
            JsonNode insufficient = root.get("insufficient");
            List<String> tried = new ArrayList<>();
            insufficient.path("tried").forEach(tool -> tried.add(tool.asText()));
            String reason = insufficient.path("reason").asText("");
            return new Planned(ToolPlan.insufficient(PlannerKind.CAPABILITY,
                    reason.isBlank() ? "the model found no tool that answers" : reason, tried));
        }
        if (!root.path("actions").isArray() || root.get("actions").isEmpty()) {
            return unreadable("plan", "the answer has neither a non-empty \"actions\" array nor \"insufficient\"");
        }
        List<PlannedCall> calls = new ArrayList<>();
        List<PlanViolation> violations = new ArrayList<>();
        int index = 0;
        for (JsonNode action : root.get("actions")) {
            index++;
            String id = action.path("id").asText("a" + index);
            if (!action.path("tool").isTextual() || !action.path("args").isObject() && !action.path("args").isMissingNode()) {
                violations.add(new PlanViolation(FORMAT, id, null, "an action needs a \"tool\" name and an \"args\" object"));
                continue;
            }
            Map<String, Object> args = action.has("args") ? JSON.convertValue(action.get("args"), LinkedHashMap.class)
                    : Map.of();
            List<String> dependsOn = new ArrayList<>();
            action.path("dependsOn").forEach(dependency -> dependsOn.add(dependency.asText()));
            Map<String, ArgumentSource> from = new LinkedHashMap<>();
            action.path("from").fields().forEachRemaining(entry -> from.put(entry.getKey(),
                    new ArgumentSource(entry.getValue().path("action").asText(), entry.getValue().path("path").asText())));
            calls.add(new PlannedCall(id, action.get("tool").asText(), args, dependsOn, from));
        }
        return violations.isEmpty() ? new Planned(ToolPlan.actions(PlannerKind.CAPABILITY, calls))
                : new Unreadable(violations);
    }

    /**
     * The tool names an answer's actions give, however malformed the rest ("args" a list, an action without
     * an id): what the model proposed, for the count of refused proposals. Empty when the answer is no JSON.
     */
    static List<String> namedTools(String answer) {
        JsonNode root;
        try {
            root = JSON.readTree(stripFence(answer == null ? "" : answer));
        } catch (JsonProcessingException e) {
            return List.of();
        }
        List<String> tools = new ArrayList<>();
        if (root != null && root.path("actions").isArray()) {
            root.get("actions").forEach(action -> {
                if (action.path("tool").isTextual()) {
                    tools.add(action.get("tool").asText());
                }
            });
        }
        return tools;
    }

    /** Some models wrap JSON in a Markdown code fence despite being told not to. */
    private static String stripFence(String answer) {
        String trimmed = answer.strip();
        if (trimmed.startsWith("```")) {
            trimmed = trimmed.replaceFirst("^```[a-zA-Z]*\\s*", "").replaceFirst("\\s*```$", "");
        }
        return trimmed;
    }

    private static Unreadable unreadable(String action, String message) {
        return new Unreadable(List.of(new PlanViolation(FORMAT, action, null, message)));
    }
}
