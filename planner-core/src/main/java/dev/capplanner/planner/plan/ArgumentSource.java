package dev.capplanner.planner.plan;

/** An argument taken from an earlier call's output at a path that call's tool declares. */
public record ArgumentSource(String action, String path) {
}
