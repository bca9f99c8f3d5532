package dev.capplanner.planner.capability;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Bulk paths over iterating (opamp: "prefer bulk paths; otherwise iterate and summarize"): a call
 * that would be made once per value of a collection ({@code orders.detail} per {@code items[].id}) is
 * made once with all of them when a routed capability of the same entity takes them as one list
 * ({@code orders.batch} with {@code orderIds}) of the same source, live: its only required input is an
 * array whose items have the iterated parameter's type (and pattern, when both declare one), named as its plural
 * ({@code orderIds}, {@code order_ids}, {@code ids}), and it declares every other argument the call
 * sets, so no filter is dropped. The call keeps its plurality mark: the executor's fan-out gate (its
 * maximum of targets) bounds a bulk call as it bounds iterating.
 */
final class BulkCalls {

    private BulkCalls() {
    }

    static List<PlannedCall> preferred(List<PlannedCall> calls, Map<String, ToolSpec> routed) {
        return calls.stream().map(call -> bulkOf(call, routed).orElse(call)).toList();
    }

    private static Optional<PlannedCall> bulkOf(PlannedCall call, Map<String, ToolSpec> routed) {
        ToolSpec single = routed.get(call.tool());
        List<String> iterated = call.from().entrySet().stream().filter(e -> e.getValue().path().contains("[]"))
                .map(Map.Entry::getKey).toList();
        if (!call.fanOut() || single == null || single.entity() == null || iterated.size() != 1) {
            return Optional.empty();
        }
        String argument = iterated.get(0);
        Optional<InputSchema.Parameter> one = single.input().parameter(argument);
        if (one.isEmpty()) {
            return Optional.empty();
        }
        for (ToolSpec bulk : routed.values()) {
            if (bulk == single || bulk.decides() || bulk.inShadow() || !sameSource(single, bulk)
                    || !single.entity().equalsIgnoreCase(String.valueOf(bulk.entity()))) {
                continue;
            }
            Optional<String> list = listParameter(bulk, argument, one.get().schema());
            if (list.isEmpty() || !declaresEvery(bulk, call, argument, list.get())) {
                continue;
            }
            Map<String, ArgumentSource> from = new LinkedHashMap<>(call.from());
            ArgumentSource source = from.remove(argument);
            from.put(list.get(), source);
            return Optional.of(new PlannedCall(call.id(), bulk.name(), call.arguments(), call.dependsOn(), from, true));
        }
        return Optional.empty();
    }

    /**
     * Both from one source ({@code api:orders-api/...}): another source's tool that merely claims the
     * same entity and a plural parameter never receives this source's identifiers.
     */
    private static boolean sameSource(ToolSpec one, ToolSpec other) {
        int slash = one.name().lastIndexOf('/');
        int otherSlash = other.name().lastIndexOf('/');
        return slash == otherSlash && (slash < 0 || one.name().regionMatches(0, other.name(), 0, slash));
    }

    /** The bulk tool's one required input: a list of what {@code argument} takes, named as its plural. */
    private static Optional<String> listParameter(ToolSpec bulk, String argument, Map<String, Object> itemSchema) {
        List<String> required = bulk.requiredInputs().stream().filter(name -> !bulk.hiddenInputs().contains(name))
                .toList();
        if (required.size() != 1) {
            return Optional.empty();
        }
        String name = required.get(0);
        Map<String, Object> schema = bulk.input().parameter(name).map(InputSchema.Parameter::schema).orElse(Map.of());
        if (!"array".equals(schema.get("type")) || !(schema.get("items") instanceof Map<?, ?> items)
                || !Objects.equals(items.get("type"), itemSchema.get("type"))
                || items.get("pattern") != null && itemSchema.get("pattern") != null
                        && !items.get("pattern").equals(itemSchema.get("pattern"))) {
            return Optional.empty();
        }
        return pluralOf(argument).contains(normalized(name)) ? Optional.of(name) : Optional.empty();
    }

    private static boolean declaresEvery(ToolSpec bulk, PlannedCall call, String iterated, String list) {
        Set<String> declared = new HashSet<>();
        bulk.input().parameters().forEach(parameter -> declared.add(parameter.name()));
        return call.arguments().keySet().stream().allMatch(declared::contains)
                && call.from().keySet().stream().filter(name -> !name.equals(iterated)).allMatch(declared::contains)
                && declared.contains(list);
    }

    /** {@code orderId}: orderids, ids; {@code order_id} the same once normalized. */
    private static Set<String> pluralOf(String argument) {
        String one = normalized(argument);
        Set<String> plurals = new HashSet<>(Set.of(one + "s", one + "es"));
        if (one.endsWith("id")) {
            plurals.add("ids");
        }
        return plurals;
    }

    private static String normalized(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
