package dev.capplanner.capabilityplans.registration;

import dev.capplanner.capabilityplans.language.CapabilityPlanCompiler;
import dev.capplanner.capabilityplans.language.CapabilityPlanProblem;
import dev.capplanner.capabilityplans.language.CapabilityPlanRefusedException;
import dev.capplanner.capabilityplans.language.CompiledCapabilityPlan;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanSource;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanStep;
import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The checks a plan passes before it is registered (seed: "nested INVOKE steps are limited to
 * read-only capabilities, recursive invocation is rejected"): it compiles; every capability it
 * calls exists in the project and is read-only, and gets only arguments its input schema takes
 * (every required one, none bound from the run context); nothing leads back to the plan, directly
 * or through other plans; its name is its own and its version moves forward; its payload matches
 * {@code returns} ({@link ReturnsCheck}). Every problem is reported with its place.
 */
public final class CapabilityPlanRegistration {

    private CapabilityPlanRegistration() {
    }

    /** The compiled plan, or every problem found. */
    public static CompiledCapabilityPlan check(CapabilityPlan plan, CapabilityDirectory directory) {
        List<CapabilityPlanProblem> problems = new ArrayList<>();
        CompiledCapabilityPlan compiled = null;
        try {
            compiled = CapabilityPlanCompiler.compile(plan);
        } catch (CapabilityPlanRefusedException refused) {
            problems.addAll(refused.problems());
        }
        problems.addAll(identity(plan, directory));
        Map<String, CapabilityPlanSource> sources = sources(plan);
        sources.forEach((place, source) -> problems.addAll(source(place, source, plan.name(), directory)));
        sources.forEach((place, source) -> cycle(plan, source.capability(), directory)
                .ifPresent(path -> problems.add(new CapabilityPlanProblem(place + "/capability", "calling "
                        + source.capability() + " leads back to " + plan.name() + " (" + path
                        + "): a plan may not call itself, directly or through other plans"))));
        problems.addAll(ReturnsCheck.problems(plan));
        if (!problems.isEmpty()) {
            throw new CapabilityPlanRefusedException(problems);
        }
        return compiled;
    }

    /** Every capability a plan calls, as the capabilities of its steps' sources (anti-joins included). */
    public static Set<String> calledCapabilities(CapabilityPlan plan) {
        Set<String> names = new LinkedHashSet<>();
        sources(plan).values().forEach(source -> names.add(source.capability()));
        return names;
    }

    private static List<CapabilityPlanProblem> identity(CapabilityPlan plan, CapabilityDirectory directory) {
        Optional<RegisteredCapability> existing = directory.find(plan.name());
        if (existing.isEmpty()) {
            return List.of();
        }
        CapabilityPlan registered = existing.get().plan();
        if (registered == null) {
            return List.of(new CapabilityPlanProblem("/name", plan.name() + " is a capability of a connection; a plan needs a"
                    + " name of its own"));
        }
        if (registered.version() > plan.version()) {
            return List.of(new CapabilityPlanProblem("/version", "version " + registered.version() + " of " + plan.name()
                    + " is registered; a change needs a higher version"));
        }
        if (registered.version() == plan.version() && !registered.equals(plan)) {
            return List.of(new CapabilityPlanProblem("/version", "version " + plan.version() + " of " + plan.name()
                    + " is registered with other content; a change needs a higher version"));
        }
        return List.of();
    }

    private static List<CapabilityPlanProblem> source(String place, CapabilityPlanSource source, String planName,
                                            CapabilityDirectory directory) {
        if (source.capability().equals(planName)) {
            return List.of();
        }
        Optional<RegisteredCapability> found = directory.find(source.capability());
        if (found.isEmpty()) {
            return List.of(new CapabilityPlanProblem(place + "/capability", "no capability " + source.capability()
                    + " in this project"));
        }
        RegisteredCapability capability = found.get();
        if (!capability.readOnly()) {
            return List.of(new CapabilityPlanProblem(place + "/capability", source.capability() + " is not read-only: a plan"
                    + " calls read-only capabilities only"));
        }
        return arguments(place, source, capability);
    }

    private static List<CapabilityPlanProblem> arguments(String place, CapabilityPlanSource source, RegisteredCapability capability) {
        InputSchema input = InputSchema.of(capability.inputSchema());
        List<CapabilityPlanProblem> problems = new ArrayList<>();
        for (String argument : source.args().keySet()) {
            Optional<InputSchema.Parameter> parameter = input.parameter(argument);
            if (parameter.isEmpty() && !input.parameters().isEmpty()) {
                problems.add(new CapabilityPlanProblem(place + "/args/" + argument, source.capability() + " takes no argument "
                        + argument + " (it takes " + String.join(", ", input.parameters().stream()
                        .map(InputSchema.Parameter::name).sorted().toList()) + ")"));
            } else if (parameter.isPresent() && parameter.get().bound()) {
                problems.add(new CapabilityPlanProblem(place + "/args/" + argument, source.capability() + " binds " + argument
                        + " from the run context; a plan may not pass it"));
            }
        }
        Set<String> bound = input.boundParameters();
        input.required().stream().filter(name -> !source.args().containsKey(name)).filter(name -> !bound.contains(name))
                .forEach(name -> problems.add(new CapabilityPlanProblem(place + "/args", source.capability()
                        + " needs the argument " + name)));
        return problems;
    }

    /** The chain of calls from {@code called} back to the plan being registered, if there is one. */
    private static Optional<String> cycle(CapabilityPlan plan, String called, CapabilityDirectory directory) {
        return path(plan.name(), called, plan.name(), directory, new LinkedHashSet<>());
    }

    private static Optional<String> path(String trail, String called, String target, CapabilityDirectory directory,
                                         Set<String> seen) {
        String here = trail + " -> " + called;
        if (called.equals(target)) {
            return Optional.of(here);
        }
        if (!seen.add(called)) {
            return Optional.empty();
        }
        Optional<CapabilityPlan> nested = directory.find(called).map(RegisteredCapability::plan);
        if (nested.isEmpty()) {
            return Optional.empty();
        }
        for (String next : calledCapabilities(nested.get())) {
            Optional<String> found = path(here, next, target, directory, seen);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static Map<String, CapabilityPlanSource> sources(CapabilityPlan plan) {
        Map<String, CapabilityPlanSource> sources = new LinkedHashMap<>();
        for (int i = 0; i < plan.steps().size(); i++) {
            CapabilityPlanStep step = plan.steps().get(i);
            sources.put("/steps/" + i + "/from", step.from());
            if (step.antiJoin() != null) {
                sources.put("/steps/" + i + "/antiJoin/from", step.antiJoin().from());
            }
        }
        return sources;
    }
}
