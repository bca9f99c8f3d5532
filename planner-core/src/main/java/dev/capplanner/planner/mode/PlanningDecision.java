package dev.capplanner.planner.mode;

import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.ToolPlan;
import java.util.List;

/**
 * What one iteration decided: the plan to execute, and, when the capability planner ran, both plans
 * for the shadow report. {@code fallbackReason} is set when capability mode fell back to classic;
 * {@code promptTokens} and {@code plannerNote} are the capability planner's ({@link
 * PlanAttempt}); {@code classicPromptTokens} what the legacy path sent a
 * model (the whole catalog: 0 offline); {@code rejectedProposals} the tools outside the route the
 * capability planner's model named in answers it refused ({@link PlanAttempt#rejectedProposals}).
 */
public record PlanningDecision(
        PlannerMode mode,
        ToolPlan toExecute,
        ToolPlan classic,
        ToolPlan capability,
        boolean agreement,
        long capabilityLatencyMs,
        String fallbackReason,
        int promptTokens,
        String plannerNote,
        int classicPromptTokens,
        List<String> rejectedProposals) {

    public PlanningDecision {
        rejectedProposals = List.copyOf(rejectedProposals);
    }

    public PlanningDecision(PlannerMode mode, ToolPlan toExecute, ToolPlan classic, ToolPlan capability,
                            boolean agreement, long capabilityLatencyMs, String fallbackReason, int promptTokens,
                            String plannerNote, int classicPromptTokens) {
        this(mode, toExecute, classic, capability, agreement, capabilityLatencyMs, fallbackReason, promptTokens,
                plannerNote, classicPromptTokens, List.of());
    }

    public PlanningDecision(PlannerMode mode, ToolPlan toExecute, ToolPlan classic, ToolPlan capability,
                            boolean agreement, long capabilityLatencyMs, String fallbackReason, int promptTokens,
                            String plannerNote) {
        this(mode, toExecute, classic, capability, agreement, capabilityLatencyMs, fallbackReason, promptTokens,
                plannerNote, 0);
    }

    public boolean compared() {
        return capability != null;
    }
}
