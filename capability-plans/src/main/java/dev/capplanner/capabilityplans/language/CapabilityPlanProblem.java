package dev.capplanner.capabilityplans.language;

/** Why a plan is refused, and where: {@code place} is a JSON Pointer into the plan document. */
public record CapabilityPlanProblem(String place, String reason) {

    @Override
    public String toString() {
        return place + ": " + reason;
    }
}
