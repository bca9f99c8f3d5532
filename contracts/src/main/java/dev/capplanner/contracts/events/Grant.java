package dev.capplanner.contracts.events;

/** Compact authorization entry the executor re-checks immediately before a physical call. */
public record Grant(String name, boolean readOnly, Endpoint endpoint) {
}
