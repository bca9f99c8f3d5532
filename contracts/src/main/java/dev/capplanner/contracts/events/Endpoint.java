package dev.capplanner.contracts.events;

/**
 * Where the executor calls a capability: a configured target service, a safe HTTP method and a
 * path template whose {@code {placeholders}} are filled from arguments (the rest become query
 * parameters).
 */
public record Endpoint(String service, String method, String path) {
}
