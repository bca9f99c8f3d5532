package dev.capplanner.capabilityplans.language;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanAntiJoin;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanRule;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanSource;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanStep;
import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compiles a schema-valid plan document into typed steps and rules, checking what the schema cannot:
 * step names are unique; a step reads only caller arguments the plan declares, hidden arguments it
 * binds and steps before it (rules and the payload may read any step); a row is read only inside a
 * {@code where}; a field is read only from an output that has fields; a hidden argument does not
 * share a caller argument's name. Every problem is reported with its place, not only the first.
 */
public final class CapabilityPlanCompiler {

    static final int DEFAULT_SCAN_LIMIT = 20;
    static final int DEFAULT_SEARCH_LIMIT = 5;

    private final CapabilityPlan plan;
    private final List<CapabilityPlanProblem> problems = new ArrayList<>();
    private final Map<String, Step> earlier = new LinkedHashMap<>();
    private final Map<String, CapabilityPlanStep> declared = new HashMap<>();
    private final Set<String> argNames;
    private String current;

    private CapabilityPlanCompiler(CapabilityPlan plan) {
        this.plan = plan;
        this.argNames = propertyNames(plan.args());
    }

    /** The compiled plan; every problem found when it cannot be compiled. */
    public static CompiledCapabilityPlan compile(CapabilityPlan plan) {
        return new CapabilityPlanCompiler(plan).run();
    }

    private CompiledCapabilityPlan run() {
        plan.hidden().keySet().stream().filter(argNames::contains).sorted().forEach(name -> problem("/hidden/" + name,
                "a hidden argument may not share its name with a caller argument: the run context binds " + name));
        for (int i = 0; i < plan.steps().size(); i++) {
            CapabilityPlanStep step = plan.steps().get(i);
            if (declared.putIfAbsent(step.name(), step) != null) {
                problem("/steps/" + i + "/name", "a step named " + step.name() + " comes before this one");
            }
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < plan.steps().size(); i++) {
            Step step = step(plan.steps().get(i), "/steps/" + i);
            steps.add(step);
            earlier.putIfAbsent(step.name(), step);
        }
        current = null;
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < plan.rules().size(); i++) {
            CapabilityPlanRule rule = plan.rules().get(i);
            rules.add(new Rule(condition(rule.when(), "/rules/" + i + "/when", false), rule.decision(), rule.reason(),
                    rule.detail(), rule.terminal()));
        }
        plan.payload().forEach((field, step) -> {
            if (!earlier.containsKey(step)) {
                problem("/payload/" + field, "no step is named " + step);
            }
        });
        if (!problems.isEmpty()) {
            throw new CapabilityPlanRefusedException(problems);
        }
        return new CompiledCapabilityPlan(plan, steps, rules);
    }

    private Step step(CapabilityPlanStep step, String place) {
        current = step.name();
        Source from = source(step.from(), place + "/from");
        Condition where = step.where() == null ? null : condition(step.where(), place + "/where", true);
        return switch (step.kind()) {
            case "lookup" -> new Step.Lookup(step.name(), from, where, Boolean.TRUE.equals(step.required()),
                    step.output() == null ? null : Map.copyOf(step.output()));
            case "scan" -> new Step.Scan(step.name(), from, where,
                    step.output() == null ? null : Map.copyOf(step.output()),
                    step.limit() == null ? DEFAULT_SCAN_LIMIT : step.limit());
            case "exists" -> new Step.Exists(step.name(), from, where,
                    step.antiJoin() == null ? null : antiJoin(step.antiJoin(), place + "/antiJoin"));
            case "count" -> new Step.Count(step.name(), from, where);
            case "sum" -> new Step.Sum(step.name(), from, where, step.value());
            case "invoke" -> new Step.Invoke(step.name(), from);
            case "search" -> new Step.Search(step.name(), from,
                    step.limit() == null ? DEFAULT_SEARCH_LIMIT : step.limit());
            default -> throw new IllegalArgumentException("the schema admits no step kind " + step.kind());
        };
    }

    private Step.AntiJoin antiJoin(CapabilityPlanAntiJoin antiJoin, String place) {
        return new Step.AntiJoin(source(antiJoin.from(), place + "/from"),
                antiJoin.where() == null ? null : condition(antiJoin.where(), place + "/where", true), antiJoin.on());
    }

    private Source source(CapabilityPlanSource source, String place) {
        Map<String, Operand> args = new LinkedHashMap<>();
        source.args().forEach((name, value) -> args.put(name, operand(value, place + "/args/" + name, false)));
        return new Source(source.capability(), args);
    }

    @SuppressWarnings("unchecked")
    private Condition condition(Map<String, Object> raw, String place, boolean rowInScope) {
        if (raw.containsKey("all") || raw.containsKey("any")) {
            String key = raw.containsKey("all") ? "all" : "any";
            List<Object> parts = (List<Object>) raw.get(key);
            List<Condition> conditions = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                conditions.add(condition((Map<String, Object>) parts.get(i), place + "/" + key + "/" + i, rowInScope));
            }
            return key.equals("all") ? new Condition.All(conditions) : new Condition.Any(conditions);
        }
        if (raw.containsKey("not")) {
            return new Condition.Not(condition((Map<String, Object>) raw.get("not"), place + "/not", rowInScope));
        }
        Comparison op = Comparison.of((String) raw.get("op"));
        Operand left = operand(raw.get("left"), place + "/left", rowInScope);
        Operand right = null;
        if (op.unary() && raw.containsKey("right")) {
            problem(place + "/right", op.code() + " compares nothing: leave right out");
        } else if (!op.unary() && !raw.containsKey("right")) {
            problem(place, op.code() + " needs a right-hand side");
        } else if (!op.unary()) {
            right = operand(raw.get("right"), place + "/right", rowInScope);
            if ((op == Comparison.IN || op == Comparison.NOT_IN) && right instanceof Operand.Constant constant
                    && !(constant.value() instanceof List<?>)) {
                problem(place + "/right", op.code() + " needs a list on its right");
            }
        }
        return new Condition.Compare(left, op, right);
    }

    private Operand operand(Object raw, String place, boolean rowInScope) {
        if (!(raw instanceof Map<?, ?> map)) {
            return new Operand.Constant(raw);
        }
        if (map.containsKey("arg")) {
            String name = (String) map.get("arg");
            if (!argNames.contains(name)) {
                problem(place + "/arg", "the plan's args declare no " + name);
            }
            return new Operand.Arg(name);
        }
        if (map.containsKey("hidden")) {
            String name = (String) map.get("hidden");
            if (!plan.hidden().containsKey(name)) {
                problem(place + "/hidden", "the plan binds no hidden argument " + name);
            }
            return new Operand.Hidden(name);
        }
        if (map.containsKey("step")) {
            return stepOutput((String) map.get("step"), (String) map.get("field"), place);
        }
        if (map.containsKey("row")) {
            if (!rowInScope) {
                problem(place + "/row", "a row is read only inside a where");
            }
            return new Operand.RowField((String) map.get("row"));
        }
        return new Operand.Constant(map.get("const"));
    }

    private Operand stepOutput(String name, String field, String place) {
        Step step = earlier.get(name);
        if (name.equals(current)) {
            problem(place + "/step", "step " + name + " cannot read its own output");
        } else if (step == null) {
            problem(place + "/step", declared.containsKey(name)
                    ? "step " + name + " runs later: a reference names an earlier step"
                    : "no step is named " + name);
        } else if (field != null) {
            fieldProblem(step, field).ifPresent(reason -> problem(place + "/field", reason));
        }
        return new Operand.StepOutput(name, field);
    }

    private static Optional<String> fieldProblem(Step step, String field) {
        String first = field.split("\\.", 2)[0];
        if (step instanceof Step.Count || step instanceof Step.Sum) {
            return Optional.of(step.kind() + " " + step.name() + " is a number, it has no fields");
        }
        if (step instanceof Step.Exists) {
            return Optional.of("exists " + step.name() + " is a boolean, it has no fields");
        }
        if (step instanceof Step.Scan || step instanceof Step.Search) {
            return first.equals("rows") || first.equals("total") ? Optional.empty()
                    : Optional.of(step.kind() + " " + step.name() + " has the fields rows and total");
        }
        if (step instanceof Step.Lookup lookup && lookup.output() != null && !lookup.output().containsKey(first)) {
            return Optional.of("lookup " + step.name() + " outputs " + String.join(", ",
                    lookup.output().keySet().stream().sorted().toList()) + ", not " + first);
        }
        return Optional.empty();
    }

    private void problem(String place, String reason) {
        problems.add(new CapabilityPlanProblem(place, reason));
    }

    static Set<String> propertyNames(Map<String, Object> schema) {
        return InputSchema.of(schema).parameters().stream().map(InputSchema.Parameter::name)
                .collect(java.util.stream.Collectors.toCollection(java.util.LinkedHashSet::new));
    }
}
