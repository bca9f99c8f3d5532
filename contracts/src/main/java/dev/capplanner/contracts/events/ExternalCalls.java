package dev.capplanner.contracts.events;

import java.util.List;

/**
 * What one iteration's execution sent to remote systems: calls sent and calls the last mile refused
 * (never sent), and which planner's plan they came from, so a shadow report can show that the shadow
 * planner caused no call. Retries of a sent call are not counted again.
 *
 * A capability plan's step calls are counted like any other call.
 *
 * @param plannedBy {@link Plan#CLASSIC} or {@link Plan#CAPABILITY}: the planner of the executed plan
 * @param plans     what each capability plan that ran decided (plan, version, decision, reason codes)
 */
public record ExternalCalls(String plannedBy, int sent, int denied, List<PlanDecision> plans) {

    public ExternalCalls {
        plans = plans == null || plans.isEmpty() ? null : List.copyOf(plans);
    }

    public ExternalCalls(String plannedBy, int sent, int denied) {
        this(plannedBy, sent, denied, null);
    }
}
