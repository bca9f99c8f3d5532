package dev.capplanner.planner.validation;

import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates a capability plan before anything runs (rule "validated plans"): every tool was routed
 * (the router routes only from the run's immutable snapshot, and a routed tool's schema is known),
 * is read-only, gets arguments that conform to its input JSON Schema, and depends only on earlier
 * calls with unique ids. The executor checks the snapshot itself again before each call.
 */
public final class PlanValidator {

    private final ArgumentSchema schema;

    public PlanValidator(ArgumentSchema schema) {
        this.schema = schema;
    }

    public List<String> violations(ToolPlan plan, Map<String, ToolSpec> routed) {
        List<String> violations = new ArrayList<>();
        Set<String> earlier = new HashSet<>();
        for (PlannedCall call : plan.actions()) {
            ToolSpec tool = routed.get(call.tool());
            if (tool == null) {
                violations.add(call.id() + ": tool " + call.tool() + " was not routed");
            } else if (!tool.readOnly()) {
                violations.add(call.id() + ": tool " + call.tool() + " is not read-only");
            } else {
                schema.violations(tool.inputSchema(), call.arguments()).forEach(violation ->
                        violations.add(call.id() + ": arguments of " + call.tool() + " " + violation));
            }
            for (String dependency : call.dependsOn()) {
                if (!earlier.contains(dependency)) {
                    violations.add(call.id() + ": depends on " + dependency + ", which is not an earlier action");
                }
            }
            if (!earlier.add(call.id())) {
                violations.add(call.id() + ": duplicate action id");
            }
        }
        return violations;
    }
}
