package dev.capplanner.planner.capability;

import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How many of the values that say which records the user means a plan uses: the distinct inputs and
 * values among the required inputs its calls set themselves and the question writes (an identifier, a name,
 * "rails/rails", "issue 1234"). Not values chained with {@code $from}, not the whole question handed
 * to a free-text search (which "uses" everything and says nothing), and not optional filters: which
 * entity a filter belongs to is the question's focus to say ("the cancelled tickets" asks for tickets,
 * even where only orders can be cancelled).
 */
final class GivenValues {

    private final String whole;
    private final String written;
    private final String inDigits;

    /** Read once per question: every candidate plan of it is scored against the same text. */
    GivenValues(String question) {
        this.whole = question.strip();
        this.written = question.toLowerCase(Locale.ROOT);
        this.inDigits = SchemaFilters.inDigits(written);
    }

    int used(List<PlannedCall> calls, Map<String, ToolSpec> routed) {
        Set<String> values = new HashSet<>();
        for (PlannedCall call : calls) {
            ToolSpec tool = routed.get(call.tool());
            List<String> required = tool == null ? List.of() : tool.requiredInputs();
            call.arguments().forEach((name, value) -> {
                String text = String.valueOf(value);
                if (required.contains(name) && !text.equals(whole) && (SchemaFilters.mentions(written, text)
                        || value instanceof Number && SchemaFilters.mentions(inDigits, text))) {
                    values.add(name + "=" + text.toLowerCase(Locale.ROOT));
                }
            });
        }
        return values.size();
    }
}
