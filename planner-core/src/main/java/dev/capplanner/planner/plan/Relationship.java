package dev.capplanner.planner.plan;

/** A declared relationship: the tool's {@code input} can take what {@code provider} returns at {@code path}. */
public record Relationship(String input, String provider, String path) {
}
