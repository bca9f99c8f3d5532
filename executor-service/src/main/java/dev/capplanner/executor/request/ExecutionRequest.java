package dev.capplanner.executor.request;

import java.util.Map;

/**
 * One iteration to execute: whose run it is and for whom, whose snapshot it names, the tools of that
 * snapshot (as fetched by hash and verified, never as the plan event lists them) and the plan.
 * {@code runId} is the caller's word (what a hidden {@code run} argument is bound to); {@code runKey}
 * is the suite's own key of the run (run id, tenant, project, conversation, principal and session scope
 * together),
 * the only key its calls and artifacts are stored under. {@code sessionScope}: the thread, branch and
 * object the chat backend scoped the run to (only those it named), for hidden arguments.
 */
public record ExecutionRequest(RunScope run, RunPrincipal principal, String conversationId, RunScope snapshotOwner,
                               Map<String, GrantedTool> grants, ExecutionPlan plan, String runId, String runKey,
                               int iteration, Map<String, String> sessionScope) {
    public ExecutionRequest {
        grants = Map.copyOf(grants);
        sessionScope = sessionScope == null ? Map.of() : Map.copyOf(sessionScope);
    }

    /** A run without a session scope. */
    public ExecutionRequest(RunScope run, RunPrincipal principal, String conversationId, RunScope snapshotOwner,
                            Map<String, GrantedTool> grants, ExecutionPlan plan, String runId, String runKey,
                            int iteration) {
        this(run, principal, conversationId, snapshotOwner, grants, plan, runId, runKey, iteration, Map.of());
    }

    /** A request outside any delivered run (its calls are keyed by a run id of its own). */
    public ExecutionRequest(RunScope run, RunPrincipal principal, String conversationId, RunScope snapshotOwner,
                            Map<String, GrantedTool> grants, ExecutionPlan plan) {
        this(run, principal, conversationId, snapshotOwner, grants, plan, unkeyed(), 0);
    }

    private ExecutionRequest(RunScope run, RunPrincipal principal, String conversationId, RunScope snapshotOwner,
                             Map<String, GrantedTool> grants, ExecutionPlan plan, String unkeyedRun, int iteration) {
        this(run, principal, conversationId, snapshotOwner, grants, plan, unkeyedRun, unkeyedRun, iteration);
    }

    private static String unkeyed() {
        return "unkeyed-" + java.util.UUID.randomUUID();
    }

    /**
     * What hidden arguments may be bound to: the run's tenant, project, principal, conversation and run,
     * and the thread, branch and object of its session scope when the chat backend named them (a
     * capability that binds one the run lacks is refused, never called without it).
     */
    public Map<String, String> runContext() {
        Map<String, String> context = new java.util.HashMap<>(sessionScope);
        context.putAll(Map.of("tenant", run.tenantId(), "project", run.projectId(), "principal", principal.userId(),
                "conversation", conversationId, "run", runId));
        return Map.copyOf(context);
    }
}
