package dev.capplanner.capabilityplans.execution;

import java.util.List;
import java.util.Map;

/** How one run of a plan ended; each names the plan and the version that ran. */
public sealed interface CapabilityPlanOutcome {

    String plan();

    int version();

    List<StepTrace> steps();

    /**
     * The rules decided. {@code result} is what the plan returns (decision, reasons and payload, within
     * the budget); {@code trimmed} says what the budget shortened or left out.
     */
    record Decided(String plan, int version, String decision, List<Reason> reasons, Map<String, Object> result,
                   List<String> trimmed, List<StepTrace> steps) implements CapabilityPlanOutcome {
        public Decided {
            reasons = List.copyOf(reasons);
            trimmed = List.copyOf(trimmed);
            steps = List.copyOf(steps);
        }
    }

    /** A call was refused (by the last mile, or a hidden argument a caller tried to set): nothing decided. */
    record Refused(String plan, int version, String step, String rule, String reason, List<StepTrace> steps)
            implements CapabilityPlanOutcome {
        public Refused {
            steps = List.copyOf(steps);
        }
    }

    /** The plan could not decide: a call failed, a required row is absent, the result broke its schema. */
    record Failed(String plan, int version, String step, FailureCause cause, String reason, List<StepTrace> steps)
            implements CapabilityPlanOutcome {
        public Failed {
            steps = List.copyOf(steps);
        }
    }
}
