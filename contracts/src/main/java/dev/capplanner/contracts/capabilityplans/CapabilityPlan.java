package dev.capplanner.contracts.capabilityplans;

import java.util.List;
import java.util.Map;

/**
 * A declarative capability plan as an operator registers it and as a snapshot carries it: the wire
 * form of {@code schemas/v1/capability-plan.json}. Conditions and argument bindings stay JSON here;
 * the plan core compiles them into typed steps and checks every reference.
 *
 * @param args     the JSON Schema of the caller's arguments (the capability's input schema)
 * @param hidden   arguments bound from the trusted run context, never from a caller: name -> source
 * @param payload  the result's fields besides decision and reasons: field -> step name
 * @param returns  the JSON Schema of the result
 */
public record CapabilityPlan(
        String name,
        int version,
        String description,
        String entity,
        List<String> aliases,
        List<String> requiredPermissions,
        Map<String, Object> args,
        Map<String, String> hidden,
        String defaultDecision,
        CapabilityPlanBudget budget,
        List<CapabilityPlanStep> steps,
        List<CapabilityPlanRule> rules,
        Map<String, String> payload,
        Map<String, Object> returns) {

    public CapabilityPlan {
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
        requiredPermissions = requiredPermissions == null ? List.of() : List.copyOf(requiredPermissions);
        hidden = hidden == null ? Map.of() : Map.copyOf(hidden);
        budget = budget == null ? CapabilityPlanBudget.DEFAULT : budget;
        steps = List.copyOf(steps);
        rules = rules == null ? List.of() : List.copyOf(rules);
        payload = Map.copyOf(payload);
    }

    /** {@code name@version}, how a turn's evidence and the analyst report name the plan that ran. */
    public String versionedName() {
        return name + "@" + version;
    }
}
