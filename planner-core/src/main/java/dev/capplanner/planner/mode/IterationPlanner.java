package dev.capplanner.planner.mode;

import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.plan.PlanComparison;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Applies the runtime mode (rule "runtime modes"):
 * {@code classic} runs the legacy planner alone; {@code shadow} executes the classic plan and only
 * compares the capability plan; {@code capability} executes the capability plan and falls back to
 * classic for the iteration when it cannot produce actions, saying why.
 */
public final class IterationPlanner {

    private final ClassicPlanner classicPlanner;
    private final CapabilityPlanner capabilityPlanner;

    public IterationPlanner(ClassicPlanner classicPlanner, CapabilityPlanner capabilityPlanner) {
        this.classicPlanner = classicPlanner;
        this.capabilityPlanner = capabilityPlanner;
    }

    public PlanningDecision decide(PlannerMode mode, String question, SelectedRow selection, List<ToolSpec> routed) {
        ToolPlan classic = classicPlanner.plan(question);
        if (mode == PlannerMode.CLASSIC) {
            return new PlanningDecision(mode, classic, classic, null, true, 0, null);
        }
        long started = System.nanoTime();
        ToolPlan capability = capabilityPlanner.plan(question, selection, routed);
        long latencyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        boolean agreement = PlanComparison.agree(classic, capability);
        if (mode == PlannerMode.SHADOW) {
            return new PlanningDecision(mode, classic, classic, capability, agreement, latencyMs, null);
        }
        if (capability instanceof ToolPlan.Insufficient insufficient) {
            return new PlanningDecision(mode, classic, classic, capability, agreement, latencyMs,
                    "capability planner: " + insufficient.reason());
        }
        return new PlanningDecision(mode, capability, classic, capability, agreement, latencyMs, null);
    }
}
