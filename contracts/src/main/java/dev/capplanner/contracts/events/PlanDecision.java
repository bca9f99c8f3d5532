package dev.capplanner.contracts.events;

import java.util.List;

/**
 * What a capability plan decided in one turn: the plan and the version that ran, its decision and
 * the reason codes of the rules that held (in rule order, within the plan's budget). Operator-written
 * codes, never user data.
 */
public record PlanDecision(String plan, int version, String decision, List<String> reasons) {

    public PlanDecision {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
    }
}
