package dev.capplanner.planner.llm;

import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.validation.ArgumentGrounding;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.planner.validation.PlanViolation;
import dev.capplanner.planner.plan.PlannedCall;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;

/**
 * The LLM planner: asks a model for a plan over the routed tools only ({@link PlannerPrompt}), and
 * validates the answer like any plan. An invalid answer (not JSON, an unknown tool, a speculative
 * path, a hidden argument, giving up while a routed tool was not tried, ...) gets exactly one
 * correction: the model is asked again with the structured errors. Still invalid, the iteration has
 * no capability plan (capability mode then falls back to classic and says why). A provider that
 * cannot be reached leaves planning to the deterministic planner, and the note says so. Every prompt
 * sent is counted in tokens.
 */
public final class LlmPlanner implements CapabilityPlanning {

    /** The shadow report bounds a note. */
    static final int MAX_NOTE = 1000;

    /** The first answer and exactly one correction. */
    static final int ATTEMPTS = 2;

    private final PlanningModel model;
    private final PlanValidator validator;
    private final PromptTokens tokens;
    private final CapabilityPlanning offline;
    private final ModelFallbacks fallbacks;

    public LlmPlanner(PlanningModel model, PlanValidator validator, PromptTokens tokens, CapabilityPlanning offline) {
        this(model, validator, tokens, offline, ModelFallbacks.NONE);
    }

    public LlmPlanner(PlanningModel model, PlanValidator validator, PromptTokens tokens, CapabilityPlanning offline,
                      ModelFallbacks fallbacks) {
        this.model = model;
        this.validator = validator;
        this.tokens = tokens;
        this.offline = offline;
        this.fallbacks = fallbacks;
    }

    @Override
    public PlanAttempt plan(PlanningRequest request) {
        if (request.routed().isEmpty()) {
            return PlanAttempt.of(ToolPlan.insufficient(PlannerKind.CAPABILITY, "no capability was routed for this question"));
        }
        Map<String, ToolSpec> routed = new LinkedHashMap<>();
        request.routed().forEach(tool -> routed.put(tool.name(), tool));
        String user = PlannerPrompt.user(request);
        String prompt = user;
        int sent = 0;
        List<PlanViolation> corrected = List.of();
        Set<String> rejected = new LinkedHashSet<>();
        for (int attempt = 1; ; attempt++) {
            sent += tokens.count(PlannerPrompt.SYSTEM) + tokens.count(prompt);
            String answer;
            try {
                answer = model.complete(PlannerPrompt.SYSTEM, prompt);
            } catch (PlanningModelUnavailableException e) {
                return unreachable(request, e, rejected);
            }
            Checked checked = check(answer, routed, request);
            if (checked.violations().isEmpty()) {
                return new PlanAttempt(checked.plan(), sent, corrected.isEmpty() ? null : "llm plan corrected once ("
                        + String.join(", ", corrected.stream().map(PlanViolation::rule).distinct().toList()) + ")",
                        List.copyOf(rejected));
            }
            rejected.addAll(outsideRoute(answer, checked.plan(), routed));
            if (attempt == ATTEMPTS) {
                // Capability mode then falls back to the legacy path, and the decision says why.
                fallbacks.fellBack(ModelFallbacks.Stage.PLAN, ModelFallbacks.Reason.UNUSABLE_ANSWER);
                String invalid = bounded("llm plan invalid after one correction: "
                        + String.join("; ", PlanValidator.lines(checked.violations())));
                return new PlanAttempt(ToolPlan.insufficient(PlannerKind.CAPABILITY, invalid,
                        List.copyOf(routed.keySet())), sent, invalid, List.copyOf(rejected));
            }
            corrected = checked.violations();
            prompt = PlannerPrompt.correction(user, answer, corrected);
        }
    }

    private PlanAttempt unreachable(PlanningRequest request, PlanningModelUnavailableException e, Set<String> rejected) {
        fallbacks.fellBack(ModelFallbacks.Stage.PLAN, ModelFallbacks.Reason.UNREACHABLE);
        PlanAttempt deterministic = offline.plan(request);
        return new PlanAttempt(deterministic.plan(), 0,
                bounded("llm planner unreachable (" + e.getMessage() + "): planned deterministically"),
                List.copyOf(rejected));
    }

    private Checked check(String answer, Map<String, ToolSpec> routed, PlanningRequest request) {
        PlanAnswers.Parsed parsed = PlanAnswers.parse(answer);
        if (parsed instanceof PlanAnswers.Unreadable unreadable) {
            return new Checked(null, unreadable.violations());
        }
        ToolPlan plan = ((PlanAnswers.Planned) parsed).plan();
        List<PlanViolation> violations = new java.util.ArrayList<>(validator.violations(plan, routed));
        violations.addAll(ArgumentGrounding.violations(plan, request, routed));
        return new Checked(plan, violations);
    }

    /** The tools a refused answer named that the route does not hold, read from its actions however malformed. */
    private static List<String> outsideRoute(String answer, ToolPlan plan, Map<String, ToolSpec> routed) {
        List<String> named = plan != null ? plan.actions().stream().map(PlannedCall::tool).toList()
                : PlanAnswers.namedTools(answer);
        return named.stream().filter(tool -> tool != null && !tool.isBlank() && !routed.containsKey(tool))
                .distinct().toList();
    }

    private static String bounded(String text) {
        return text.length() <= MAX_NOTE ? text : text.substring(0, MAX_NOTE - 1) + "…";
    }

    private record Checked(ToolPlan plan, List<PlanViolation> violations) {
    }
}
