package dev.capplanner.planner.mode;

import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlanComparison;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Applies the runtime mode (rule "runtime modes"):
 * {@code classic} runs the legacy planner alone; {@code shadow} executes the classic plan and only
 * compares the capability plan; {@code capability} executes the capability plan and falls back to
 * classic for the iteration when it cannot produce actions, saying why.
 */
public final class RuntimeModePlanner {

    private final CapabilityPlanning classicPlanner;
    private final CapabilityPlanning capabilityPlanner;
    private final boolean baseline;

    /** @param classicPlanner the legacy path, planned over the whole catalog it is given */
    public RuntimeModePlanner(CapabilityPlanning classicPlanner, CapabilityPlanning capabilityPlanner) {
        this(classicPlanner, capabilityPlanner, false);
    }

    /**
     * @param baseline A/A: in shadow mode the legacy path is compared with a second run of itself
     *                 instead of the capability planner, so analysts learn which agreement rate means
     *                 "no difference" (a model's own variance); the compared plan is then classic's
     */
    public RuntimeModePlanner(CapabilityPlanning classicPlanner, CapabilityPlanning capabilityPlanner, boolean baseline) {
        this.baseline = baseline;
        this.classicPlanner = classicPlanner;
        this.capabilityPlanner = capabilityPlanner;
    }

    /**
     * A later iteration of a turn whose capability plan executed: only the capability planner can
     * continue from what its calls returned (classic plans from the question alone, so it has nothing
     * to add); without a plan the turn ends insufficient, saying why.
     */
    public PlanningDecision next(PlanningRequest request) {
        return next(request, Set.of());
    }

    /**
     * @param inShadow the tools whose connection is in shadow: a next plan that calls one does not
     *                 execute (the turn ends insufficient, saying so), since shadow is never called
     */
    public PlanningDecision next(PlanningRequest request, Set<String> inShadow) {
        long started = System.nanoTime();
        PlanAttempt attempt = capabilityPlanner.plan(request);
        long latencyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        ToolPlan plan = attempt.plan();
        List<String> shadowed = shadowedTools(plan, inShadow);
        if (!shadowed.isEmpty()) {
            plan = ToolPlan.insufficient(PlannerKind.CAPABILITY, inShadowReason(shadowed));
        }
        return new PlanningDecision(PlannerMode.CAPABILITY, plan, null, attempt.plan(), false, latencyMs, null,
                attempt.promptTokens(), attempt.note(), 0, attempt.rejectedProposals());
    }

    /**
     * @param request  the turn with its route (what the capability planner plans over)
     * @param catalog  the run's whole authorized snapshot (what the legacy path is offered)
     */
    public PlanningDecision decide(PlannerMode mode, PlanningRequest request, List<ToolSpec> catalog) {
        return decide(mode, request, catalog, Set.of());
    }

    /**
     * @param catalog  the run's whole authorized snapshot but what is in shadow (the legacy path never
     *                 sees a connection in shadow: it would call it)
     * @param inShadow the route's tools whose connection is in shadow: in capability mode, a capability
     *                 plan that calls one is only compared, and classic executes (saying why)
     */
    public PlanningDecision decide(PlannerMode mode, PlanningRequest request, List<ToolSpec> catalog,
                                   Set<String> inShadow) {
        PlanAttempt legacy = classicPlanner.plan(request.offering(catalog));
        ToolPlan classic = legacy.plan();
        int classicTokens = legacy.promptTokens();
        if (mode == PlannerMode.CLASSIC) {
            return new PlanningDecision(mode, classic, classic, null, true, 0, null, 0, null, classicTokens);
        }
        long started = System.nanoTime();
        PlanAttempt attempt = baseline && mode == PlannerMode.SHADOW ? classicPlanner.plan(request.offering(catalog))
                : capabilityPlanner.plan(request);
        long latencyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        ToolPlan capability = attempt.plan();
        boolean agreement = PlanComparison.agree(classic, capability);
        if (mode == PlannerMode.SHADOW) {
            return new PlanningDecision(mode, classic, classic, capability, agreement, latencyMs, null,
                    attempt.promptTokens(), attempt.note(), classicTokens, attempt.rejectedProposals());
        }
        List<String> shadowed = shadowedTools(capability, inShadow);
        if (!shadowed.isEmpty()) {
            return new PlanningDecision(mode, classic, classic, capability, agreement, latencyMs,
                    inShadowReason(shadowed), attempt.promptTokens(), attempt.note(), classicTokens,
                    attempt.rejectedProposals());
        }
        if (capability instanceof ToolPlan.Insufficient insufficient) {
            return new PlanningDecision(mode, classic, classic, capability, agreement, latencyMs,
                    "capability planner: " + insufficient.reason(), attempt.promptTokens(), attempt.note(), classicTokens,
                    attempt.rejectedProposals());
        }
        return new PlanningDecision(mode, capability, classic, capability, agreement, latencyMs, null,
                attempt.promptTokens(), attempt.note(), classicTokens, attempt.rejectedProposals());
    }

    private static List<String> shadowedTools(ToolPlan plan, Set<String> inShadow) {
        if (inShadow.isEmpty() || !(plan instanceof ToolPlan.Actions actions)) {
            return List.of();
        }
        return actions.actions().stream().map(PlannedCall::tool).filter(inShadow::contains).distinct().sorted().toList();
    }

    /** Bounded whatever the names: the first tool, and how many more. */
    private static String inShadowReason(List<String> tools) {
        String first = tools.get(0).length() <= 200 ? tools.get(0) : tools.get(0).substring(0, 199) + "…";
        return "connection in shadow: " + first + (tools.size() > 1 ? " and " + (tools.size() - 1) + " more" : "")
                + " planned and compared, never called";
    }
}
