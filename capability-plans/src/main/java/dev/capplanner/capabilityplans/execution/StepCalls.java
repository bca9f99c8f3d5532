package dev.capplanner.capabilityplans.execution;

import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * The physical calls a plan's steps make, as the host (the executor) makes them: each behind the
 * last-mile check, on the run's principal, recorded like any other call.
 */
@FunctionalInterface
public interface StepCalls {

    /**
     * Calls {@code capability} with {@code arguments}. {@code callId} names the call within one run
     * of the plan: the step's name, or {@code step.antiJoin} for an anti-join's second source.
     */
    CompletionStage<StepResponse> call(String callId, String capability, Map<String, Object> arguments);
}
