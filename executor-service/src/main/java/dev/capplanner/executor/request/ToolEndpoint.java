package dev.capplanner.executor.request;

/**
 * Where a tool is called: a configured target service, an HTTP method and a path template whose
 * {@code {placeholders}} are filled from arguments (the rest become query parameters).
 */
public record ToolEndpoint(String service, String method, String path) {
}
