package dev.capplanner.executor.request;

import java.util.Map;

/**
 * One iteration to execute: whose run it is and for whom, whose snapshot it names, the tools of that
 * snapshot (as fetched by hash and verified, never as the plan event lists them) and the plan.
 */
public record ExecutionRequest(RunScope run, RunPrincipal principal, String conversationId, RunScope snapshotOwner,
                               Map<String, GrantedTool> grants, ExecutionPlan plan, String runId, int iteration) {
    public ExecutionRequest {
        grants = Map.copyOf(grants);
    }

    /** A request outside any delivered run (its calls are keyed by a run id of its own). */
    public ExecutionRequest(RunScope run, RunPrincipal principal, String conversationId, RunScope snapshotOwner,
                            Map<String, GrantedTool> grants, ExecutionPlan plan) {
        this(run, principal, conversationId, snapshotOwner, grants, plan, "unkeyed-" + java.util.UUID.randomUUID(), 0);
    }

    /** What hidden arguments may be bound to: the run's tenant, project, principal, conversation and run. */
    public Map<String, String> runContext() {
        return Map.of("tenant", run.tenantId(), "project", run.projectId(), "principal", principal.userId(),
                "conversation", conversationId, "run", runId);
    }
}
