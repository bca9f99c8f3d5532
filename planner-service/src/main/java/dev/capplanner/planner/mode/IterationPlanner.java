package dev.capplanner.planner.mode;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Grant;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.shadow.PlanComparison;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Applies the runtime mode (askmydocs "runtime modes and rollback"):
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

    public PlanningDecision decide(PlannerMode mode, String question, Selection selection, List<Candidate> candidates,
                                   List<Grant> grants) {
        Plan classic = classicPlanner.plan(question);
        if (mode == PlannerMode.CLASSIC) {
            return new PlanningDecision(mode, classic, classic, null, true, 0, null);
        }
        long started = System.nanoTime();
        Plan capability = capabilityPlanner.plan(question, selection, candidates, grants);
        long latencyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        boolean agreement = PlanComparison.agree(classic, capability);
        if (mode == PlannerMode.SHADOW) {
            return new PlanningDecision(mode, classic, classic, capability, agreement, latencyMs, null);
        }
        if (capability.hasActions()) {
            return new PlanningDecision(mode, capability, classic, capability, agreement, latencyMs, null);
        }
        return new PlanningDecision(mode, classic, classic, capability, agreement, latencyMs,
                "capability planner: " + capability.reason());
    }
}
