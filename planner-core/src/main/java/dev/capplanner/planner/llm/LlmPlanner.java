package dev.capplanner.planner.llm;

import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.planner.validation.PlanViolation;
import java.util.LinkedHashMap;
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

    private final PlanningModel model;
    private final PlanValidator validator;
    private final PromptTokens tokens;
    private final CapabilityPlanning offline;

    public LlmPlanner(PlanningModel model, PlanValidator validator, PromptTokens tokens, CapabilityPlanning offline) {
        this.model = model;
        this.validator = validator;
        this.tokens = tokens;
        this.offline = offline;
    }

    @Override
    public PlanAttempt plan(PlanningRequest request) {
        if (request.routed().isEmpty()) {
            return PlanAttempt.of(ToolPlan.insufficient(PlannerKind.CAPABILITY, "no capability was routed for this question"));
        }
        Map<String, ToolSpec> routed = new LinkedHashMap<>();
        request.routed().forEach(tool -> routed.put(tool.name(), tool));
        String user = PlannerPrompt.user(request);
        int sent = tokens.count(PlannerPrompt.SYSTEM) + tokens.count(user);
        String answer;
        try {
            answer = model.complete(PlannerPrompt.SYSTEM, user);
        } catch (PlanningModelUnavailableException e) {
            return unreachable(request, e);
        }
        Checked first = check(answer, routed);
        if (first.violations().isEmpty()) {
            return new PlanAttempt(first.plan(), sent, null);
        }
        String correction = PlannerPrompt.correction(user, answer, first.violations());
        sent += tokens.count(PlannerPrompt.SYSTEM) + tokens.count(correction);
        String corrected;
        try {
            corrected = model.complete(PlannerPrompt.SYSTEM, correction);
        } catch (PlanningModelUnavailableException e) {
            return unreachable(request, e);
        }
        Checked second = check(corrected, routed);
        String rules = String.join(", ", first.violations().stream().map(PlanViolation::rule).distinct().toList());
        if (second.violations().isEmpty()) {
            return new PlanAttempt(second.plan(), sent, "llm plan corrected once (" + rules + ")");
        }
        String invalid = "llm plan invalid after one correction: "
                + String.join("; ", PlanValidator.lines(second.violations()));
        return new PlanAttempt(ToolPlan.insufficient(PlannerKind.CAPABILITY, bounded(invalid),
                List.copyOf(routed.keySet())), sent, bounded(invalid));
    }

    private PlanAttempt unreachable(PlanningRequest request, PlanningModelUnavailableException e) {
        PlanAttempt deterministic = offline.plan(request);
        return new PlanAttempt(deterministic.plan(), 0,
                bounded("llm planner unreachable (" + e.getMessage() + "): planned deterministically"));
    }

    private Checked check(String answer, Map<String, ToolSpec> routed) {
        PlanAnswers.Parsed parsed = PlanAnswers.parse(answer);
        if (parsed instanceof PlanAnswers.Unreadable unreadable) {
            return new Checked(null, unreadable.violations());
        }
        ToolPlan plan = ((PlanAnswers.Planned) parsed).plan();
        return new Checked(plan, validator.violations(plan, routed));
    }

    private static String bounded(String text) {
        return text.length() <= MAX_NOTE ? text : text.substring(0, MAX_NOTE - 1) + "…";
    }

    private record Checked(ToolPlan plan, List<PlanViolation> violations) {
    }
}
