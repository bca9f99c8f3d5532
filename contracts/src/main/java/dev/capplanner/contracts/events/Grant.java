package dev.capplanner.contracts.events;

/**
 * Compact authorization entry the executor re-checks immediately before a physical call, with the
 * declared collection path it summarizes results by.
 */
public record Grant(String name, boolean readOnly, Endpoint endpoint, String outputCollectionPath) {
}
