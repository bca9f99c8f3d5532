package dev.capplanner.capabilityplans.execution;

/** What a step did, for the evidence and the analyst: its kind, the capability it called, what it saw. */
public record StepTrace(String step, String kind, String capability, String observed) {
}
