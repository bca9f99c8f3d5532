package dev.capplanner.executor.request;

/** The tenant and project a run (or the snapshot it names) belongs to. */
public record RunScope(String tenantId, String projectId) {
}
