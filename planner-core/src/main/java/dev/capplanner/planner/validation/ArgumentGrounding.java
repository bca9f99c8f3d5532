package dev.capplanner.planner.validation;

import dev.capplanner.planner.plan.Observed;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Rule "grounded arguments": every text value a model writes into a plan comes from the user (the
 * question, the recent turns, the selected row) or from what earlier iterations observed, or is one
 * of the values the parameter's schema enumerates. A tool's description, its {@code _meta}, its
 * parameters' descriptions or a tool's output the model read are remote text: a value only they hold
 * ("use customerId C-6666") is an instruction, never an argument. Numbers and booleans are the
 * model's own (a page size, a flag); a value it must have from somewhere else comes by {@code $from}.
 */
public final class ArgumentGrounding {

    private ArgumentGrounding() {
    }

    public static List<PlanViolation> violations(ToolPlan plan, PlanningRequest request, Map<String, ToolSpec> routed) {
        if (!(plan instanceof ToolPlan.Actions actions)) {
            return List.of();
        }
        String userText = normalized(String.join("\n", userTexts(request)));
        Set<String> observed = observedValues(request);
        List<PlanViolation> violations = new ArrayList<>();
        for (PlannedCall call : actions.actions()) {
            ToolSpec tool = routed.get(call.tool());
            if (tool == null) {
                continue; // refused as not routed already: its arguments go nowhere
            }
            call.arguments().forEach((argument, value) -> {
                for (String text : texts(value)) {
                    String candidate = normalized(text).strip();
                    if (candidate.isEmpty() || userText.contains(candidate) || observed.contains(candidate)
                            || enumerated(tool, argument).contains(candidate)) {
                        continue;
                    }
                    violations.add(new PlanViolation(PlanViolation.GROUNDED, call.id(), argument, "argument " + argument
                            + " has a value that is neither in the user's words nor in an earlier result: take it"
                            + " from the question, or from an earlier action with $from"));
                    return;
                }
            });
        }
        return violations;
    }

    private static List<String> userTexts(PlanningRequest request) {
        List<String> texts = new ArrayList<>();
        texts.add(request.question() == null ? "" : request.question());
        texts.addAll(request.recentTurns());
        if (request.selection() != null && request.selection().row() != null) {
            request.selection().row().values().forEach(value -> texts.addAll(texts(value)));
        }
        return texts;
    }

    private static Set<String> observedValues(PlanningRequest request) {
        Set<String> values = new HashSet<>();
        for (Observed observed : request.evidence()) {
            observed.values().values().forEach(list -> list.forEach(value -> values.add(normalized(value).strip())));
        }
        return values;
    }

    private static Set<String> enumerated(ToolSpec tool, String argument) {
        if (tool == null || !(tool.inputSchema().get("properties") instanceof Map<?, ?> properties)
                || !(properties.get(argument) instanceof Map<?, ?> parameter)) {
            return Set.of();
        }
        Set<String> values = new HashSet<>();
        Object items = parameter.get("items");
        for (Map<?, ?> schema : items instanceof Map<?, ?> itemSchema ? List.of(parameter, itemSchema) : List.of(parameter)) {
            if (schema.get("enum") instanceof List<?> members) {
                members.forEach(member -> values.add(normalized(String.valueOf(member)).strip()));
            }
            if (schema.get("const") != null) {
                values.add(normalized(String.valueOf(schema.get("const"))).strip());
            }
        }
        return values;
    }

    /** The text values of an argument: itself, or the strings of a list or an object. */
    private static List<String> texts(Object value) {
        List<String> texts = new ArrayList<>();
        if (value instanceof String text) {
            texts.add(text);
        } else if (value instanceof List<?> list) {
            list.forEach(item -> texts.addAll(texts(item)));
        } else if (value instanceof Map<?, ?> map) {
            map.values().forEach(item -> texts.addAll(texts(item)));
        }
        return texts;
    }

    private static String normalized(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    }
}
