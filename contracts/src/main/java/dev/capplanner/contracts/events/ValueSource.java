package dev.capplanner.contracts.events;

/**
 * Where an argument's value comes from when a plan chains calls: the output of an earlier action at a
 * path its capability declares ({@code items[].id}: the {@code id} of each row of {@code items}).
 */
public record ValueSource(String action, String path) {
}
