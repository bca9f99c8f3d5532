package dev.capplanner.executor.request;

/** An argument's value taken from an earlier call's output at a path that call's tool declares. */
public record OutputReference(String action, String path) {
}
