package dev.capplanner.capabilityplans.language;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanBudget;
import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A plan whose every reference was checked ({@link CapabilityPlanCompiler}): typed steps in the order they
 * run, and rules in the order they are evaluated, beside the definition they came from.
 */
public record CompiledCapabilityPlan(CapabilityPlan definition, List<Step> steps, List<Rule> rules) {


    public CompiledCapabilityPlan {
        steps = List.copyOf(steps);
        rules = List.copyOf(rules);
    }

    public String name() {
        return definition.name();
    }

    public int version() {
        return definition.version();
    }

    public CapabilityPlanBudget budget() {
        return definition.budget();
    }

    /** Every capability a step calls (an anti-join's second source included), in step order. */
    public Set<String> invokedCapabilities() {
        Set<String> names = new LinkedHashSet<>();
        for (Step step : steps) {
            names.add(step.from().capability());
            if (step instanceof Step.Exists exists && exists.antiJoin() != null) {
                names.add(exists.antiJoin().from().capability());
            }
        }
        return names;
    }

    /**
     * The input schema the plan is published with: the caller's arguments, and each hidden argument
     * as a property bound from the run context, so the planner never fills it and the last mile
     * refuses a call that does.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> inputSchema() {
        Map<String, Object> schema = new LinkedHashMap<>(definition.args());
        Map<String, Object> properties = new LinkedHashMap<>(
                schema.get("properties") instanceof Map<?, ?> declared ? (Map<String, Object>) declared : Map.of());
        definition.hidden().forEach((name, source) -> properties.put(name, Map.of("type", "string", InputSchema.BIND_MARK, source)));
        if (!properties.isEmpty()) {
            schema.put("properties", properties);
        }
        return schema;
    }
}
