package dev.capplanner.planner.capability;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The filters a question asks for that the plan cannot apply (the seed's "tell the user which
 * attributes cannot be provided"): a value the question names that some routed capability accepts
 * for an optional parameter (an enumeration's value: "cancelled" is an order status), while no
 * planned call was given it ("the cancelled tickets": tickets have no such status). Only values a
 * schema declares count; words the catalog does not know are not guessed to be filters.
 */
final class UnmappedFilters {

    private static final int MAX_TOLD = 10;
    private static final int MAX_PHRASE = 200;

    private UnmappedFilters() {
    }

    static List<String> of(String question, Collection<ToolSpec> routed, List<PlannedCall> planned) {
        String asked = question.toLowerCase(Locale.ROOT);
        Set<String> applied = new LinkedHashSet<>();
        planned.forEach(call -> call.arguments().values().forEach(value -> applied.add(String.valueOf(value)
                .toLowerCase(Locale.ROOT))));
        Set<String> unmapped = new LinkedHashSet<>();
        for (ToolSpec tool : routed) {
            for (String value : optionalEnumValues(tool)) {
                if (!applied.contains(value.toLowerCase(Locale.ROOT)) && SchemaFilters.mentions(asked, value)) {
                    unmapped.add(value);
                }
            }
        }
        for (RangeFilters.Bound bound : RangeFilters.asked(question)) {
            if (bound.value() == null || !applied.contains(String.valueOf(bound.value()).toLowerCase(Locale.ROOT))) {
                unmapped.add(bound.phrase().length() <= MAX_PHRASE ? bound.phrase()
                        : bound.phrase().substring(0, MAX_PHRASE - 1) + "…");
            }
        }
        // The plan contract's bounds: at most ten, each at most 200 characters.
        return new ArrayList<>(unmapped).subList(0, Math.min(MAX_TOLD, unmapped.size()));
    }

    private static List<String> optionalEnumValues(ToolSpec tool) {
        List<String> values = new ArrayList<>();
        for (InputSchema.Parameter parameter : tool.input().parameters()) {
            if (!parameter.required() && !parameter.bound()) {
                parameter.enumValues().stream().filter(String.class::isInstance).map(String.class::cast)
                        .forEach(values::add);
            }
        }
        return values;
    }
}
