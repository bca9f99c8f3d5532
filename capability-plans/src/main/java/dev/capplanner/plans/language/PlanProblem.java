package dev.capplanner.plans.language;

/** Why a plan is refused, and where: {@code place} is a JSON Pointer into the plan document. */
public record PlanProblem(String place, String reason) {

    @Override
    public String toString() {
        return place + ": " + reason;
    }
}
