package dev.capplanner.planner.classic;

import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The legacy planner: a fixed rule table over the question text, blind to the routed candidates.
 * It is kept exactly as it is so that {@code classic} mode remains a real rollback; no capability
 * validation or retry is inserted into it. Its tool names are the demo API's own; given the registry
 * connection that API is registered as, they are qualified the way the registry names them.
 */
public final class ClassicPlanner {

    private final UnaryOperator<String> toolNames;

    /** A legacy planner whose names stay as written. */
    public ClassicPlanner() {
        this(UnaryOperator.identity());
    }

    /** @param toolNames the registry's name of each tool the rule table names (qualified by its connection) */
    public ClassicPlanner(UnaryOperator<String> toolNames) {
        this.toolNames = toolNames;
    }

    private static final Pattern ORDER_ID = Pattern.compile("\\bO-\\d{4}\\b");
    private static final Pattern CUSTOMER_ID = Pattern.compile("\\bC-\\d{4}\\b");
    private static final Pattern NAME_AFTER = Pattern.compile(
            "\\b(?:for|named|called|of|customer)\\s+((?:[A-Z][\\p{L}'-]+)(?:\\s+[A-Z][\\p{L}'-]+)+)");

    public ToolPlan plan(String question) {
        Optional<String> orderId = find(ORDER_ID, question);
        if (orderId.isPresent()) {
            return single("orders.detail", Map.of("orderId", orderId.get()));
        }
        Optional<String> customerId = find(CUSTOMER_ID, question);
        if (customerId.isPresent()) {
            boolean aboutOrders = question.toLowerCase(Locale.ROOT).contains("order");
            return single(aboutOrders ? "orders.list" : "customers.detail", Map.of("customerId", customerId.get()));
        }
        Matcher name = NAME_AFTER.matcher(question);
        if (name.find()) {
            return single("customers.search", Map.of("name", name.group(1)));
        }
        return ToolPlan.insufficient(PlannerKind.CLASSIC, "no legacy rule matched the question");
    }

    private ToolPlan single(String tool, Map<String, Object> arguments) {
        return ToolPlan.actions(PlannerKind.CLASSIC, List.of(PlannedCall.of("a1", toolNames.apply(tool), arguments)));
    }

    private static Optional<String> find(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? Optional.of(matcher.group()) : Optional.empty();
    }
}
