package dev.capplanner.planner.capability;

import dev.capplanner.contracts.entities.EntityWords;
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
 * ticket T-1031 opened other tickets?") or names the person it passes through and the records it
 * returns to ("has the customer billed on INV-3455 got overdue invoices?"; not "Customer is chasing
 * T-4230: what's its status?"), and then the plan it asks for. Only a list or search fed from
 * one record of its own entity through another entity's identifier returns; a record found in a list
 * of its own entity (an order's lines from the order found in a list, a user by the login a list
 * gave) is a refinement.
 */
enum Detours {
    NONE, RETURNS;

    private static final Pattern OTHERS = Pattern.compile(
            "\\b(?:other|another|remaining|more)\\s+([\\p{L}-]+)(?:\\s+([\\p{L}-]+))?");

    private static final Set<String> ONE = Set.of("detail", "get");
    private static final Set<String> MANY = Set.of("list", "search");

    static Detours of(List<PlannedCall> calls, Map<String, ToolSpec> routed) {
        return returningLink(calls, routed).isPresent() ? RETURNS : NONE;
    }

    /**
     * The input through which a plan returns to its entity ({@code customerId} in invoice -> customer ->
     * invoices), if it does.
     */
    private static java.util.Optional<String> returningLink(List<PlannedCall> calls, Map<String, ToolSpec> routed) {
        Map<String, String> entityOfCall = new HashMap<>();
        Map<String, String> operationOfCall = new HashMap<>();
        for (PlannedCall call : calls) {
            ToolSpec tool = routed.get(call.tool());
            entityOfCall.put(call.id(), tool == null || tool.entity() == null ? null
                    : tool.entity().toLowerCase(Locale.ROOT));
            operationOfCall.put(call.id(), tool == null ? null : tool.operation());
        }
        for (PlannedCall call : calls) {
            String entity = entityOfCall.get(call.id());
            if (entity == null || !MANY.contains(operationOfCall.get(call.id()))) {
                continue;
            }
            for (Map.Entry<String, ArgumentSource> link : call.from().entrySet()) {
                String source = link.getValue().action();
                boolean fromOneOfItsOwn = entity.equals(entityOfCall.get(source)) && ONE.contains(operationOfCall.get(source));
                if (fromOneOfItsOwn && !identifies(link.getKey(), entity)) {
                    return java.util.Optional.of(link.getKey());
                }
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * Whether the question names the person the plan passes through on its way back: "has the customer
     * billed on INV-3455 got overdue invoices?" goes from the invoice to its customer on purpose, "is
     * invoice INV-1017 paid?" does not, nor does a question that never names the records the plan
     * returns to ("Customer is chasing T-4230. When was it opened?"). A person only (a customer, a
     * user: {@link QuestionFocus#isPerson}):
     * a record's person has records of their own, while "the parcel of Anna Conti's last order" names
     * an order to say which parcel, not to reach the order's other parcels.
     */
    static boolean namesTheWayBack(String question, List<PlannedCall> calls, Map<String, ToolSpec> routed) {
        java.util.Optional<String> link = returningLink(calls, routed);
        if (link.isEmpty()) {
            return false;
        }
        List<String> through = NamedValues.nameWords(link.get());
        if (through.isEmpty()) {
            return false;
        }
        String head = through.get(through.size() - 1);
        if (!QuestionFocus.isPerson(head)) {
            return false;
        }
        ToolSpec target = routed.get(calls.get(calls.size() - 1).tool());
        return QuestionFocus.mentions(question, head) && target != null && target.entity() != null
                && QuestionFocus.mentions(question, EntityWords.head(target.entity()));
    }

    /** "other tickets", "another open ticket": the question asks for other records of the entity. */
    static boolean asksForOthers(String question, String entity) {
        if (entity == null) {
            return false;
        }
        String lower = entity.toLowerCase(Locale.ROOT);
        String head = lower.substring(lower.lastIndexOf(' ') + 1);
        Matcher others = OTHERS.matcher(question.toLowerCase(Locale.ROOT));
        while (others.find()) {
            // "other tickets", "another open ticket": the entity is the first or the second word after.
            if (QuestionFocus.namesEntity(others.group(1), head)
                    || others.group(2) != null && QuestionFocus.namesEntity(others.group(2), head)) {
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
