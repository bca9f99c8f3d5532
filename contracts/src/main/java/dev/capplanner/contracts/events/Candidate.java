package dev.capplanner.contracts.events;

/** A routed capability with its full schema, its rank score and why it matched. */
public record Candidate(Capability capability, double score, String matchReason) {
}
