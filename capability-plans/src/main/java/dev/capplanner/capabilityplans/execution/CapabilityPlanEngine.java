package dev.capplanner.capabilityplans.execution;

import dev.capplanner.capabilityplans.language.CompiledCapabilityPlan;
import dev.capplanner.capabilityplans.language.Operand;
import dev.capplanner.capabilityplans.language.Rule;
import dev.capplanner.capabilityplans.language.Source;
import dev.capplanner.capabilityplans.language.Step;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.schema.ToolArgumentValidation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Runs a compiled plan: binds its hidden arguments from the run context (a caller that sets one is
 * refused), runs its steps in order (each one physical call through {@link StepCalls}, an anti-join
 * two; steps that call the same capability with the same arguments share one call), evaluates its
 * rules in order (a rule that holds sets the decision and adds its reason; a terminal one ends the
 * rules; none: the default decision), builds the result (decision, reasons, payload), checks it
 * against {@code returns}, and fits it to the budget.
 */
public final class CapabilityPlanEngine {

    /** The denial rule of a run refused because a caller set a hidden argument. */
    public static final String HIDDEN_ARGUMENT = "hidden_argument";

    public CompletionStage<CapabilityPlanOutcome> run(CompiledCapabilityPlan plan, CapabilityPlanInput input, StepCalls calls,
                                            EvidenceHandles handles) {
        Run run = new Run(plan, calls, handles);
        List<String> overridden = plan.definition().hidden().keySet().stream()
                .filter(input.arguments()::containsKey).sorted().toList();
        if (!overridden.isEmpty()) {
            return CompletableFuture.completedFuture(new CapabilityPlanOutcome.Refused(plan.name(), plan.version(), null,
                    HIDDEN_ARGUMENT, "argument " + String.join(", ", overridden)
                    + " is bound from the run context; a caller may not set it", List.of()));
        }
        Map<String, String> hidden = new LinkedHashMap<>();
        for (Map.Entry<String, String> binding : plan.definition().hidden().entrySet()) {
            String value = input.runContext().get(binding.getValue());
            if (value == null) {
                return CompletableFuture.completedFuture(run.failed(null, FailureCause.CONTEXT_MISSING,
                        "hidden argument " + binding.getKey() + " binds " + binding.getValue()
                                + ", which the run context does not have"));
            }
            hidden.put(binding.getKey(), value);
        }
        run.bindings = new Bindings(input.arguments(), hidden);
        return run.steps(0);
    }

    /** One run of a plan: its bindings, what each step saw, and the calls it makes. */
    private static final class Run {

        private final CompiledCapabilityPlan plan;
        private final StepCalls calls;
        private final EvidenceHandles handles;
        private final List<StepTrace> traces = new ArrayList<>();
        private final Map<String, List<Map<String, Object>>> keptRows = new LinkedHashMap<>();
        /** Steps that call the same capability with the same arguments share one call. */
        private final Map<String, CompletionStage<StepResponse>> responses = new HashMap<>();
        private Bindings bindings;

        Run(CompiledCapabilityPlan plan, StepCalls calls, EvidenceHandles handles) {
            this.plan = plan;
            this.calls = calls;
            this.handles = handles;
        }

        CompletionStage<CapabilityPlanOutcome> steps(int index) {
            if (index == plan.steps().size()) {
                return decide();
            }
            Step step = plan.steps().get(index);
            return call(step.name(), step.from()).thenCompose(response -> {
                Optional<CapabilityPlanOutcome> stopped = stopped(step, step.from(), response);
                if (stopped.isPresent()) {
                    return CompletableFuture.completedFuture(stopped.get());
                }
                return made(step, response).thenCompose(made -> {
                    traces.add(new StepTrace(step.name(), step.kind(), step.from().capability(), made.observed()));
                    if (made.refusal() != null) {
                        return CompletableFuture.completedFuture(new CapabilityPlanOutcome.Refused(plan.name(), plan.version(),
                                step.name(), made.refusal().rule(), made.refusal().reason(), traces));
                    }
                    if (made.failure() != null) {
                        return CompletableFuture.completedFuture(failed(step.name(), made.cause(), made.failure()));
                    }
                    bindings.output(step.name(), made.output());
                    keptRows.put(step.name(), made.keptRows());
                    return steps(index + 1);
                });
            });
        }

        private CompletionStage<StepResponse> call(String callId, Source source) {
            Map<String, Object> arguments = new LinkedHashMap<>();
            for (Map.Entry<String, Operand> argument : source.args().entrySet()) {
                Object value = bindings.value(argument.getValue(), null);
                if (value != null) {
                    arguments.put(argument.getKey(), value);
                }
            }
            String key = source.capability() + " " + new String(CanonicalJson.bytes(arguments), StandardCharsets.UTF_8);
            return responses.computeIfAbsent(key, same -> calls.call(callId, source.capability(), arguments));
        }

        /** A refused or failed call ends the plan; a missing object is no row. */
        private Optional<CapabilityPlanOutcome> stopped(Step step, Source source, StepResponse response) {
            if (response instanceof StepResponse.Refused refused) {
                traces.add(new StepTrace(step.name(), step.kind(), source.capability(), "refused: " + refused.rule()));
                return Optional.of(new CapabilityPlanOutcome.Refused(plan.name(), plan.version(), step.name(), refused.rule(),
                        refused.reason(), traces));
            }
            if (response instanceof StepResponse.Failed failed) {
                traces.add(new StepTrace(step.name(), step.kind(), source.capability(), "failed"));
                return Optional.of(failed(step.name(), FailureCause.CALL_FAILED,
                        source.capability() + " failed: " + failed.reason()));
            }
            return Optional.empty();
        }

        private CompletionStage<StepOutputs.Made> made(Step step, StepResponse response) {
            if (step instanceof Step.Invoke) {
                Object body = response instanceof StepResponse.Returned returned ? returned.body() : null;
                return CompletableFuture.completedFuture(StepOutputs.Made.output(body,
                        body == null ? "no result" : "result"));
            }
            List<Map<String, Object>> rows = StepOutputs.rows(response);
            if (step instanceof Step.Lookup lookup) {
                return done(StepOutputs.lookup(lookup, StepOutputs.kept(rows, lookup.where(), bindings)));
            }
            if (step instanceof Step.Scan scan) {
                return done(StepOutputs.scan(scan, StepOutputs.kept(rows, scan.where(), bindings)));
            }
            if (step instanceof Step.Search search) {
                return done(StepOutputs.search(search, rows));
            }
            if (step instanceof Step.Count count) {
                return done(StepOutputs.count(StepOutputs.kept(rows, count.where(), bindings)));
            }
            if (step instanceof Step.Sum sum) {
                return done(StepOutputs.sum(sum, StepOutputs.kept(rows, sum.where(), bindings)));
            }
            Step.Exists exists = (Step.Exists) step;
            List<Map<String, Object>> kept = StepOutputs.kept(rows, exists.where(), bindings);
            if (exists.antiJoin() == null || kept.isEmpty()) {
                return done(StepOutputs.exists(exists, kept, List.of()));
            }
            Source joined = exists.antiJoin().from();
            return call(step.name() + ".antiJoin", joined).thenApply(second -> {
                if (second instanceof StepResponse.Refused refused) {
                    return StepOutputs.Made.refused(refused);
                }
                if (second instanceof StepResponse.Failed failed) {
                    return StepOutputs.Made.failure(FailureCause.CALL_FAILED,
                            "anti-join " + joined.capability() + " failed: " + failed.reason());
                }
                return StepOutputs.exists(exists, kept,
                        StepOutputs.kept(StepOutputs.rows(second), exists.antiJoin().where(), bindings));
            });
        }

        private static CompletionStage<StepOutputs.Made> done(StepOutputs.Made made) {
            return CompletableFuture.completedFuture(made);
        }

        private CompletionStage<CapabilityPlanOutcome> decide() {
            String decision = plan.definition().defaultDecision();
            List<Reason> matched = new ArrayList<>();
            for (Rule rule : plan.rules()) {
                if (bindings.holds(rule.when(), null)) {
                    decision = rule.decision();
                    matched.add(new Reason(rule.reason(), rule.decision(), rule.detail()));
                    if (rule.terminal()) {
                        break;
                    }
                }
            }
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("decision", decision);
            result.put(ResultBudget.REASONS, matched.stream().map(Run::reason).toList());
            plan.definition().payload().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(field -> result.put(field.getKey(), bindings.output(field.getValue())));
            List<String> violations = ToolArgumentValidation.violations(plan.definition().returns(), result, 3);
            if (!violations.isEmpty()) {
                return CompletableFuture.completedFuture(failed(null, FailureCause.RESULT_MISMATCH,
                        "the result does not match returns at " + String.join(", ", violations)));
            }
            return budgeted(decision, matched, result);
        }

        private CompletionStage<CapabilityPlanOutcome> budgeted(String decision, List<Reason> matched,
                                                      Map<String, Object> result) {
            ResultBudget budget = new ResultBudget(plan.budget());
            List<Reason> reasons = budget.reasons(matched);
            result.put(ResultBudget.REASONS, reasons.stream().map(Run::reason).toList());
            CompletionStage<Map<String, Object>> inlined = CompletableFuture.completedFuture(result);
            for (Map.Entry<String, String> field : plan.definition().payload().entrySet()) {
                Step step = plan.steps().stream().filter(s -> s.name().equals(field.getValue())).findFirst()
                        .orElseThrow();
                if (!(step instanceof Step.Scan || step instanceof Step.Search)) {
                    continue;
                }
                inlined = inlined.thenCompose(current -> inline(budget, field.getKey(), step, current));
            }
            List<String> payloadFields = List.copyOf(plan.definition().payload().keySet());
            return inlined.thenApply(current -> budget.fitted(current, payloadFields)
                    .<CapabilityPlanOutcome>map(fitted -> new CapabilityPlanOutcome.Decided(plan.name(), plan.version(), decision, reasons,
                            fitted, budget.trimmed(), traces))
                    .orElseGet(() -> failed(null, FailureCause.OVER_BUDGET,
                            "the decision and its reasons alone exceed the budget of "
                            + plan.budget().maxOutputTokens() + " tokens")));
        }

        @SuppressWarnings("unchecked")
        private CompletionStage<Map<String, Object>> inline(ResultBudget budget, String field, Step step,
                                                            Map<String, Object> current) {
            Map<String, Object> rowsOutput = (Map<String, Object>) current.get(field);
            List<Map<String, Object>> rows = keptRows.get(step.name());
            boolean over = rows.size() > plan.budget().maxInlineEvidenceItems();
            CompletionStage<Optional<String>> handle = over && plan.budget().preferHandles()
                    ? handles.keep(step.name(), step.from().capability(), rows)
                    : CompletableFuture.completedFuture(Optional.empty());
            return handle.thenApply(name -> {
                Map<String, Object> next = new LinkedHashMap<>(current);
                next.put(field, budget.inline(field, rowsOutput, name));
                return next;
            });
        }

        CapabilityPlanOutcome failed(String step, FailureCause cause, String reason) {
            return new CapabilityPlanOutcome.Failed(plan.name(), plan.version(), step, cause, reason, traces);
        }

        private static Map<String, Object> reason(Reason reason) {
            return Map.of("code", reason.code(), "decision", reason.decision(), "detail", reason.detail());
        }
    }
}
