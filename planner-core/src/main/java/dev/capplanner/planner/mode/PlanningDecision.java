package dev.capplanner.planner.mode;

import dev.capplanner.planner.plan.ToolPlan;

/**
 * What one iteration decided: the plan to execute, and, when the capability planner ran, both plans
 * for the shadow report. {@code fallbackReason} is set when capability mode fell back to classic;
 * {@code promptTokens} and {@code plannerNote} are the capability planner's ({@link
 * dev.capplanner.planner.plan.PlanAttempt}); {@code classicPromptTokens} what the legacy path sent a
 * model (the whole catalog: 0 offline).
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
        int classicPromptTokens) {

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
