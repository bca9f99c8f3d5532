package dev.capplanner.executor.execution;

import dev.capplanner.executor.request.CallRequest;

/**
 * When one step would target several entities (rule "fan-out gate"): at most {@code maxTargets}
 * calls, and, when {@code requiresIntent}, only for a call the plan marked as asked about several
 * ("all", "every"). Every one of those calls passes the last mile on its own.
 *
 * @param maxTargets     the most calls one step may fan out to; 0 or 1 turn fan-out off
 * @param requiresIntent whether the plan must say the user asked about several
 */
public record FanOutGate(int maxTargets, boolean requiresIntent) {

    /** No fan-out: several values always need a selection. */
    public static final FanOutGate CLOSED = new FanOutGate(1, true);

    boolean opensFor(CallRequest call) {
        return maxTargets > 1 && (call.fanOut() || !requiresIntent);
    }
}
