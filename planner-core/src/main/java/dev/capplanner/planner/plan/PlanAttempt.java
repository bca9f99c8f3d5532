package dev.capplanner.planner.plan;

import java.util.List;

/**
 * A capability planner's answer for one iteration: the plan, the prompt tokens it sent to a model (0
 * when it asked none), a note when the plan was not made as configured (a model unreachable, a
 * correction needed; null when it was), and the tools outside the route that a model's answers named
 * before validation refused them (a write tool, a tool the principal may not call): the promotion
 * gate counts what was proposed, not only what survived.
 */
public record PlanAttempt(ToolPlan plan, int promptTokens, String note, List<String> rejectedProposals) {

    /** The most refused tool names an attempt reports, and their longest (a model may write anything). */
    public static final int MAX_REJECTED_PROPOSALS = 16;
    public static final int MAX_TOOL_NAME_CHARS = 200;

    public PlanAttempt {
        rejectedProposals = rejectedProposals.stream().distinct().limit(MAX_REJECTED_PROPOSALS)
                .map(name -> name.length() <= MAX_TOOL_NAME_CHARS ? name : name.substring(0, MAX_TOOL_NAME_CHARS))
                .toList();
    }

    public PlanAttempt(ToolPlan plan, int promptTokens, String note) {
        this(plan, promptTokens, note, List.of());
    }

    public static PlanAttempt of(ToolPlan plan) {
        return new PlanAttempt(plan, 0, null);
    }
}
