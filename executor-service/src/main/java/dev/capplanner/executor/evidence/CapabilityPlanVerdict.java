package dev.capplanner.executor.evidence;

import java.util.List;

/** What a capability plan decided in this turn: the plan, the version that ran, the decision, the reason codes. */
public record CapabilityPlanVerdict(String plan, int version, String decision, List<String> reasons) {

    public CapabilityPlanVerdict {
        reasons = List.copyOf(reasons);
    }
}
