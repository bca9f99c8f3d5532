package dev.capplanner.planner.plan;

/**
 * A capability planner's answer for one iteration: the plan, the prompt tokens it sent to a model (0
 * when it asked none), and a note when the plan was not made as configured (a model unreachable, a
 * correction needed); null when it was.
 */
public record PlanAttempt(ToolPlan plan, int promptTokens, String note) {

    public static PlanAttempt of(ToolPlan plan) {
        return new PlanAttempt(plan, 0, null);
    }
}
