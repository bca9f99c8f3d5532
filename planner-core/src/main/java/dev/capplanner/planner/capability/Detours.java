package dev.capplanner.planner.capability;

import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a plan leaves an entity and comes back to it: invoice INV-1017 -> its customer -> that
 * customer's invoices. Asked "is invoice INV-1017 paid?", such a plan answers about other invoices;
 * it is the plan only when the question asks for others of that entity ("has the person who raised
 * ticket T-1031 opened other tickets?"), and then the plan it asks for. A call fed by a call of its own entity through that entity's identifier
 * (an order's lines from the order found in a list) is a refinement, not a return.
 */
enum Detours {
    NONE, RETURNS;

    private static final Pattern OTHERS = Pattern.compile(
            "\\b(?:other|another|remaining|more)\\s+(?:[\\p{L}-]+\\s+)?([\\p{L}-]+)");

    static Detours of(List<PlannedCall> calls, Map<String, ToolSpec> routed) {
        Map<String, String> entityOfCall = new HashMap<>();
        for (PlannedCall call : calls) {
            ToolSpec tool = routed.get(call.tool());
            entityOfCall.put(call.id(), tool == null || tool.entity() == null ? null
                    : tool.entity().toLowerCase(Locale.ROOT));
        }
        for (PlannedCall call : calls) {
            String entity = entityOfCall.get(call.id());
            if (entity == null) {
                continue;
            }
            for (Map.Entry<String, ArgumentSource> link : call.from().entrySet()) {
                boolean sameEntity = entity.equals(entityOfCall.get(link.getValue().action()));
                if (sameEntity && !identifies(link.getKey(), entity)) {
                    return RETURNS;
                }
            }
        }
        return NONE;
    }

    /** "other tickets", "another open ticket": the question asks for other records of the entity. */
    static boolean asksForOthers(String question, String entity) {
        if (entity == null) {
            return false;
        }
        String head = entity.toLowerCase(Locale.ROOT).substring(entity.lastIndexOf(' ') + 1);
        Matcher others = OTHERS.matcher(question.toLowerCase(Locale.ROOT));
        while (others.find()) {
            if (QuestionFocus.namesEntity(others.group(1), head)) {
                return true;
            }
        }
        return false;
    }

    /** {@code orderId} or {@code id} identifies an order; {@code customerId} does not. */
    private static boolean identifies(String input, String entity) {
        List<String> words = NamedValues.nameWords(input);
        return words.isEmpty() || words.equals(List.of(entity.split("\\s+")))
                || Set.of(entity.replace(" ", "")).equals(Set.copyOf(words));
    }
}
