package dev.capplanner.executor.request;

import java.util.List;

/** What the executor is asked to run: calls in order, or nothing because the planner found too little. */
public sealed interface ExecutionPlan {

    record Calls(List<CallRequest> calls) implements ExecutionPlan {
        public Calls {
            calls = List.copyOf(calls);
        }
    }

    record Insufficient(String reason) implements ExecutionPlan {
    }
}
