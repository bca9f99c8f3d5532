package dev.capplanner.capabilityplans.language;

import java.util.List;
import java.util.stream.Collectors;

/** A plan that cannot be registered or run, with every problem found (place and reason). */
public final class CapabilityPlanRefusedException extends RuntimeException {

    private final List<CapabilityPlanProblem> problems;

    public CapabilityPlanRefusedException(List<CapabilityPlanProblem> problems) {
        super("plan refused: " + problems.stream().map(CapabilityPlanProblem::toString).collect(Collectors.joining("; ")));
        this.problems = List.copyOf(problems);
    }

    public List<CapabilityPlanProblem> problems() {
        return problems;
    }
}
