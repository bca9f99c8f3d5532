package dev.capplanner.planner.validation;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates a capability plan before anything runs (rule "validated plans"), one named rule per
 * check: the plan is bounded; every tool was routed (the router routes only from the run's
 * immutable snapshot, and a routed tool's schema is known) and is read-only; arguments conform to
 * the input JSON Schema, counting those a {@code from} fills as present; no planner sets a hidden
 * argument; dependencies point to earlier calls with unique ids; every {@code from} names one of the
 * call's dependencies and a path that dependency's tool declares (a speculative path such as
 * {@code items.0.id} is rejected); dependencies form no cycle; and a plan that gives up
 * ({@code insufficient}) is rejected while a tool the router ranked for the question was not tried.
 * The executor checks the snapshot itself again before each call.
 */
public final class PlanValidator {

    /** At most this many calls per plan: three chained steps and room for a correction. */
    public static final int MAX_ACTIONS = 5;

    private final ArgumentSchema schema;

    public PlanValidator(ArgumentSchema schema) {
        this.schema = schema;
    }

    public List<PlanViolation> violations(ToolPlan plan, Map<String, ToolSpec> routed) {
        List<PlanViolation> violations = new ArrayList<>();
        if (plan instanceof ToolPlan.Insufficient insufficient) {
            routed.values().stream().filter(ToolSpec::ranked)
                    .filter(tool -> !insufficient.tried().contains(tool.name()))
                    .forEach(tool -> violations.add(new PlanViolation(PlanViolation.PREMATURE_INSUFFICIENT, "plan",
                            tool.name(), "insufficient while " + tool.name()
                            + ", routed for this question, was not tried")));
            return violations;
        }
        cycle(plan.actions()).ifPresent(cycle -> violations.add(new PlanViolation(PlanViolation.CYCLE, cycle.get(0),
                null, "dependencies form a cycle: " + String.join(" -> ", cycle))));
        if (plan.actions().size() > MAX_ACTIONS) {
            violations.add(new PlanViolation(PlanViolation.PLAN_SIZE, "plan", null,
                    "plan has " + plan.actions().size() + " actions, at most " + MAX_ACTIONS + " are allowed"));
        }
        Map<String, String> earlierTools = new HashMap<>();
        for (PlannedCall call : plan.actions()) {
            ToolSpec tool = routed.get(call.tool());
            if (tool == null) {
                violations.add(violation(PlanViolation.ROUTED, call, null, "tool " + call.tool() + " was not routed"));
            } else if (!tool.readOnly()) {
                violations.add(violation(PlanViolation.READ_ONLY, call, null, "tool " + call.tool() + " is not read-only"));
            } else {
                checkArguments(call, tool, violations);
            }
            for (String dependency : call.dependsOn()) {
                if (!earlierTools.containsKey(dependency)) {
                    violations.add(violation(PlanViolation.DEPENDENCIES, call, null,
                            "depends on " + dependency + ", which is not an earlier action"));
                }
            }
            checkSources(call, earlierTools, routed, violations);
            if (earlierTools.putIfAbsent(call.id(), call.tool()) != null) {
                violations.add(violation(PlanViolation.UNIQUE_IDS, call, null, "duplicate action id"));
            }
        }
        return violations;
    }

    private void checkArguments(PlannedCall call, ToolSpec tool, List<PlanViolation> violations) {
        Set<String> hidden = tool.hiddenInputs();
        for (String argument : call.arguments().keySet()) {
            if (hidden.contains(argument)) {
                violations.add(violation(PlanViolation.HIDDEN_ARGUMENT, call, argument,
                        "argument " + argument + " is bound from the run context, never set by a planner or a caller"));
            }
            if (call.from().containsKey(argument)) {
                violations.add(violation(PlanViolation.ARGUMENTS, call, argument,
                        "argument " + argument + " is both given and taken from an earlier action"));
            }
        }
        for (String argument : call.from().keySet()) {
            if (hidden.contains(argument)) {
                violations.add(violation(PlanViolation.HIDDEN_ARGUMENT, call, argument,
                        "argument " + argument + " is bound from the run context, never from another action"));
            }
        }
        schema.violations(withoutRequired(tool.inputSchema(), call.from().keySet()), call.arguments())
                .forEach(message -> violations.add(violation(PlanViolation.ARGUMENTS, call, null,
                        "arguments of " + call.tool() + " " + message)));
    }

    private static void checkSources(PlannedCall call, Map<String, String> earlierTools, Map<String, ToolSpec> routed,
                                     List<PlanViolation> violations) {
        call.from().forEach((argument, source) -> {
            if (!call.dependsOn().contains(source.action()) || !earlierTools.containsKey(source.action())) {
                violations.add(violation(PlanViolation.FROM_DEPENDENCY, call, argument, "argument " + argument
                        + " comes from " + source.action() + ", which is not an earlier action it depends on"));
                return;
            }
            ToolSpec provider = routed.get(earlierTools.get(source.action()));
            if (provider == null || !provider.outputPaths().contains(source.path())) {
                violations.add(violation(PlanViolation.DECLARED_PATH, call, argument, "argument " + argument
                        + " reads " + source.path() + " of " + source.action() + ", a path its tool does not declare"));
            }
        });
    }

    /** A cycle of dependencies, as the action ids along it (the first repeated at the end), if any. */
    private static java.util.Optional<List<String>> cycle(List<PlannedCall> calls) {
        Map<String, List<String>> dependsOn = new HashMap<>();
        calls.forEach(call -> dependsOn.put(call.id(), call.dependsOn()));
        Map<String, Integer> state = new HashMap<>();
        for (PlannedCall call : calls) {
            java.util.Deque<String> path = new java.util.ArrayDeque<>();
            java.util.Optional<List<String>> found = visit(call.id(), dependsOn, state, path);
            if (found.isPresent()) {
                return found;
            }
        }
        return java.util.Optional.empty();
    }

    private static java.util.Optional<List<String>> visit(String id, Map<String, List<String>> dependsOn,
                                                          Map<String, Integer> state, java.util.Deque<String> path) {
        int seen = state.getOrDefault(id, 0);
        if (seen == 2 || !dependsOn.containsKey(id)) {
            return java.util.Optional.empty();
        }
        if (seen == 1) {
            List<String> cycle = new ArrayList<>();
            boolean inCycle = false;
            for (java.util.Iterator<String> it = path.descendingIterator(); it.hasNext(); ) {
                String step = it.next();
                inCycle |= step.equals(id);
                if (inCycle) {
                    cycle.add(step);
                }
            }
            cycle.add(id);
            return java.util.Optional.of(cycle);
        }
        state.put(id, 1);
        path.push(id);
        for (String dependency : dependsOn.get(id)) {
            java.util.Optional<List<String>> found = visit(dependency, dependsOn, state, path);
            if (found.isPresent()) {
                return found;
            }
        }
        path.pop();
        state.put(id, 2);
        return java.util.Optional.empty();
    }

    /** The schema as it applies to the arguments a planner gives: inputs a {@code from} fills are not required here. */
    private static Map<String, Object> withoutRequired(Map<String, Object> schema, Set<String> filledLater) {
        return InputSchema.notRequiring(schema, filledLater);
    }

    private static PlanViolation violation(String rule, PlannedCall call, String path, String message) {
        return new PlanViolation(rule, call.id(), path, message);
    }

    /** For reports: the violations as one line each. */
    public static List<String> lines(List<PlanViolation> violations) {
        return violations.stream().map(PlanViolation::toString).toList();
    }
}
