package dev.capplanner.plans.language;

import java.util.List;
import java.util.stream.Collectors;

/** A plan that cannot be registered or run, with every problem found (place and reason). */
public final class PlanRefusedException extends RuntimeException {

    private final List<PlanProblem> problems;

    public PlanRefusedException(List<PlanProblem> problems) {
        super("plan refused: " + problems.stream().map(PlanProblem::toString).collect(Collectors.joining("; ")));
        this.problems = List.copyOf(problems);
    }

    public List<PlanProblem> problems() {
        return problems;
    }
}
