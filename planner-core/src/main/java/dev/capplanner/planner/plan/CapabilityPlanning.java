package dev.capplanner.planner.plan;

/** A capability planner: the deterministic one (the offline default) or the LLM planner. */
@FunctionalInterface
public interface CapabilityPlanning {

    PlanAttempt plan(PlanningRequest request);
}
