package dev.capplanner.executor.request;

import java.util.Map;

/** One iteration to execute: whose run it is, whose snapshot it names, the snapshot's grants and the plan. */
public record ExecutionRequest(RunScope run, RunScope snapshotOwner, Map<String, GrantedTool> grants,
                               ExecutionPlan plan) {
    public ExecutionRequest {
        grants = Map.copyOf(grants);
    }
}
