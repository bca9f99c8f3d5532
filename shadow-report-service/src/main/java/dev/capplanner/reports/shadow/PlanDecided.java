package dev.capplanner.reports.shadow;

import java.util.List;

/**
 * What a capability plan decided in a run's iteration, as the executor observed it: the plan, the
 * version that ran, the decision and the reason codes of the rules that held.
 */
public record PlanDecided(String plan, int version, String decision, List<String> reasons) {

    public PlanDecided {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
    }
}
