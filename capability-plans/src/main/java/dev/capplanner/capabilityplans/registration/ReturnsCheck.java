package dev.capplanner.capabilityplans.registration;

import dev.capplanner.capabilityplans.language.CapabilityPlanProblem;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanRule;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanStep;
import dev.capplanner.contracts.schema.ToolArgumentValidation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a plan's payload matches the {@code returns} it declares, before it ever runs: every
 * field {@code returns} requires is produced (decision, reasons or a payload field); every payload
 * field is one {@code returns} admits, with a type that admits what its step outputs (a lookup an
 * object, null too unless required; a scan or search an object of rows and total; a count an
 * integer; a sum a number; an exists a boolean; an invoke anything); every decision the plan can
 * make is one {@code returns} admits. At run time the result is validated against it again.
 */
final class ReturnsCheck {

    private static final Set<String> FIXED = Set.of("decision", "reasons");

    private ReturnsCheck() {
    }

    @SuppressWarnings("unchecked")
    static List<CapabilityPlanProblem> problems(CapabilityPlan plan) {
        List<CapabilityPlanProblem> problems = new ArrayList<>();
        try {
            ToolArgumentValidation.compile(plan.returns());
        } catch (RuntimeException e) {
            return List.of(new CapabilityPlanProblem("/returns", "not a usable JSON Schema: " + e.getMessage()));
        }
        Map<String, Object> properties = plan.returns().get("properties") instanceof Map<?, ?> declared
                ? (Map<String, Object>) declared : Map.of();
        boolean closed = Boolean.FALSE.equals(plan.returns().get("additionalProperties"));
        if (plan.returns().get("required") instanceof List<?> required) {
            required.stream().map(String::valueOf)
                    .filter(name -> !FIXED.contains(name) && !plan.payload().containsKey(name))
                    .forEach(name -> problems.add(new CapabilityPlanProblem("/returns/required", "returns requires " + name
                            + ", which the payload does not produce")));
        }
        plan.payload().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(field -> {
            Object declared = properties.get(field.getKey());
            if (declared == null) {
                if (closed) {
                    problems.add(new CapabilityPlanProblem("/payload/" + field.getKey(), "returns admits no field "
                            + field.getKey()));
                }
                return;
            }
            step(plan, field.getValue()).flatMap(step -> mismatch(step, declared)).ifPresent(reason ->
                    problems.add(new CapabilityPlanProblem("/payload/" + field.getKey(), reason)));
        });
        if (properties.get("decision") instanceof Map<?, ?> decision
                && decision.get("enum") instanceof List<?> allowed) {
            Set<String> decisions = new LinkedHashSet<>();
            decisions.add(plan.defaultDecision());
            plan.rules().stream().map(CapabilityPlanRule::decision).forEach(decisions::add);
            decisions.stream().filter(code -> !allowed.contains(code)).forEach(code -> problems.add(
                    new CapabilityPlanProblem("/returns/properties/decision", "the plan can decide " + code
                            + ", which returns does not admit")));
        }
        return problems;
    }

    private static Optional<CapabilityPlanStep> step(CapabilityPlan plan, String name) {
        return plan.steps().stream().filter(step -> step.name().equals(name)).findFirst();
    }

    /** Why the declared type cannot hold the step's output; empty when it can (or declares no type). */
    private static Optional<String> mismatch(CapabilityPlanStep step, Object declared) {
        if (!(declared instanceof Map<?, ?> schema) || schema.get("type") == null) {
            return Optional.empty();
        }
        Object type = schema.get("type");
        List<?> admitted = type instanceof List<?> list ? list : List.of(type);
        List<String> produced = switch (step.kind()) {
            case "lookup" -> Boolean.TRUE.equals(step.required()) ? List.of("object") : List.of("object", "null");
            case "scan", "search" -> List.of("object");
            case "count" -> List.of("integer");
            case "sum" -> List.of("number");
            case "exists" -> List.of("boolean");
            default -> List.of();
        };
        List<String> missing = produced.stream().filter(kind -> !admitted.contains(kind)
                && !(kind.equals("integer") && admitted.contains("number"))).toList();
        return missing.isEmpty() ? Optional.empty() : Optional.of("step " + step.name() + " (" + step.kind()
                + ") outputs " + String.join(" or ", produced) + ", but returns declares " + type);
    }
}
