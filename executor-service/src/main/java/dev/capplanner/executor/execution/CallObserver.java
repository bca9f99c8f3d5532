package dev.capplanner.executor.execution;

import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ToolEndpoint;

/**
 * Watches the calls one execution sends (a trace span each, in the service): told when a call that
 * passed the last mile is about to be sent, and how it ended. A refused call is never sent, so it is
 * never observed.
 */
public interface CallObserver {

    CallObserver NONE = (action, endpoint) -> (response, error) -> { };

    Observation sending(CallRequest action, ToolEndpoint endpoint);

    /** One sent call. */
    interface Observation {
        /** @param response what came back, or null when the call failed with {@code error} */
        void ended(ToolResponse response, Throwable error);
    }
}
