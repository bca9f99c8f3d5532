package dev.capplanner.planner.classification;

import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import java.util.List;

/**
 * Classifies each turn before planning (rule "request classification"): a help request gets guidance
 * and executes nothing; a command is refused, since this suite only reads, with the closest read-only
 * alternative when one exists (what the planner would plan for the same words, offered, never called);
 * an inspection is planned by the planner it wraps (deterministic or LLM capability planner, or the legacy
 * path: classification comes before planning in every mode).
 */
public final class ClassifyingPlanner implements CapabilityPlanning {

    static final String GUIDANCE = "I can look up live data for you with the tools listed here (read-only: I"
            + " cannot change anything). Ask about a record by its id or name, for example a customer, an order"
            + " or a ticket, and I will find it and what it relates to.";

    private final RequestClassifier classifier;
    private final CapabilityPlanning planner;
    private final PlannerKind kind;

    /** Classifies before the capability planner. */
    public ClassifyingPlanner(RequestClassifier classifier, CapabilityPlanning planner) {
        this(classifier, planner, PlannerKind.CAPABILITY);
    }

    /** Classifies before {@code planner}, whose help and refusals are told as {@code kind}'s (the legacy path's too). */
    public ClassifyingPlanner(RequestClassifier classifier, CapabilityPlanning planner, PlannerKind kind) {
        this.classifier = classifier;
        this.planner = planner;
        this.kind = kind;
    }

    @Override
    public PlanAttempt plan(PlanningRequest request) {
        RequestClassifier.Classification classification = classifier.classify(request.question());
        switch (classification.kind()) {
            case HELP:
                return PlanAttempt.of(new ToolPlan.Help(kind, GUIDANCE));
            case COMMAND:
                return refusal(request, classification.action());
            default:
                return planner.plan(request);
        }
    }

    private PlanAttempt refusal(PlanningRequest request, String action) {
        PlanningRequest readOnly = new PlanningRequest(request.question(), request.recentTurns(), request.selection(),
                request.routed(), request.runFacts(), request.evidence(), false, request.command());
        PlanAttempt read = planner.plan(readOnly);
        List<PlannedCall> calls = read.plan().actions();
        String alternative = calls.isEmpty() ? null : calls.get(calls.size() - 1).tool();
        String reason = "This assistant only reads data: it cannot " + action + " anything for you."
                + (alternative == null ? "" : " It can show you the record instead.");
        // What the model proposed and was refused while reading stays counted (the gate's unauthorized proposals).
        return new PlanAttempt(new ToolPlan.Refused(kind, reason, alternative), read.promptTokens(),
                read.note(), read.rejectedProposals());
    }
}
