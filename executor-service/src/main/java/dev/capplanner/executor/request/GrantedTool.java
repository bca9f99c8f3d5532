package dev.capplanner.executor.request;

/** A tool of the run's snapshot as the last-mile check sees it, with the collection path evidence reads. */
public record GrantedTool(String name, boolean readOnly, ToolEndpoint endpoint, String collectionPath) {
}
