package dev.capplanner.executor.request;

import java.util.List;

/** What the executor is asked to run: calls in order, or nothing because the planner found too little. */
public sealed interface ExecutionPlan {

    /**
     * Calls in order; {@code selectionFor}: the tool the user's choice of one of the last call's rows is
     * for (the planner looked an identifier up first), null when the rows answer the question.
     */
    record Calls(List<CallRequest> calls, String selectionFor) implements ExecutionPlan {
        public Calls {
            calls = List.copyOf(calls);
        }

        public Calls(List<CallRequest> calls) {
            this(calls, null);
        }
    }

    record Insufficient(String reason) implements ExecutionPlan {
    }
}
