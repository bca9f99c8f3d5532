package dev.capplanner.capabilityplans.execution;

/** A rule that held: its reason code, the decision it made and its detail. */
public record Reason(String code, String decision, String detail) {
}
