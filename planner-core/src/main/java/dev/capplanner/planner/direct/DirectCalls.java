package dev.capplanner.planner.direct;

import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.planner.validation.PlanViolation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The plan of a direct call (a caller named one capability and its arguments, as an MCP client's
 * {@code tools/call} does): one call, validated by the same rules as every plan (routed, read-only,
 * arguments against the input schema, no hidden argument: the tenant and other bound inputs come from
 * the run context, never from a caller), and more strictly than a planner's: no argument the schema does
 * not declare, and no capability plan outside capability mode. Nothing is planned from the question and nothing is corrected:
 * the arguments are the caller's, so a violation ends the turn insufficient with the violations, for
 * the caller to call again. Neither planner made a decision, so there is nothing to compare and the
 * promotion gate does not count it; it runs in every mode, as the call the caller asked for.
 */
public final class DirectCalls {

    /** The contract's bound on an insufficient plan's reason. */
    static final int MAX_REASON_CHARS = 1000;
    static final String CALL_ID = "call";
    static final String NOT_ROUTED = "the called tool is not one this principal may call";

    private final PlanValidator validator;

    public DirectCalls(PlanValidator validator) {
        this.validator = validator;
    }

    /**
     * @param routed   what the route holds: the called capability alone, or nothing when the snapshot
     *                 does not hold it
     * @param inShadow the tools whose connection is in shadow: planned, never called
     * @param mode     the tenant's planner mode: a capability plan runs only where capability mode is on
     *                 (an operator's switch to classic or shadow keeps plans from running, called or planned)
     */
    public PlanningDecision decide(String tool, Map<String, Object> arguments, List<ToolSpec> routed,
                                   Set<String> inShadow, PlannerMode mode) {
        long started = System.nanoTime();
        ToolPlan plan = plan(tool, arguments, routed, inShadow, mode);
        long latencyMs = (System.nanoTime() - started) / 1_000_000;
        return new PlanningDecision(PlannerMode.CAPABILITY, plan, null, null, false, latencyMs, null, 0, null);
    }

    private ToolPlan plan(String tool, Map<String, Object> arguments, List<ToolSpec> routed, Set<String> inShadow,
                          PlannerMode mode) {
        ToolSpec spec = routed.stream().filter(candidate -> candidate.name().equals(tool)).findFirst().orElse(null);
        if (spec == null) {
            return new ToolPlan.Insufficient(PlannerKind.CAPABILITY, NOT_ROUTED);
        }
        if (inShadow.contains(tool)) {
            return new ToolPlan.Insufficient(PlannerKind.CAPABILITY,
                    "the called tool's connection is in shadow: it is planned and compared, never called");
        }
        if (spec.decides() && mode != PlannerMode.CAPABILITY) {
            return new ToolPlan.Insufficient(PlannerKind.CAPABILITY,
                    "the called tool is a capability plan, which runs only where capability mode is on");
        }
        List<String> undeclared = undeclared(arguments, spec);
        if (!undeclared.isEmpty()) {
            return new ToolPlan.Insufficient(PlannerKind.CAPABILITY, bounded("the call is not valid: arguments "
                    + undeclared + " are not inputs the tool declares"));
        }
        ToolPlan call = new ToolPlan.Actions(PlannerKind.CAPABILITY, List.of(PlannedCall.of(CALL_ID, tool, arguments)));
        List<PlanViolation> violations = validator.violations(call, Map.of(tool, spec));
        if (violations.isEmpty()) {
            return call;
        }
        return new ToolPlan.Insufficient(PlannerKind.CAPABILITY,
                bounded("the call is not valid: " + String.join("; ", PlanValidator.lines(violations))));
    }

    /**
     * Arguments the input schema does not declare, whatever it says of others: a source's schema may be
     * open (or replaced by an open one when it was too large to import), and an undeclared input can be
     * neither checked nor bound from the run context, so a caller never sets one. At most five, shortened.
     */
    private static List<String> undeclared(Map<String, Object> arguments, ToolSpec spec) {
        return arguments.keySet().stream().filter(name -> spec.input().parameter(name).isEmpty()).sorted().limit(5)
                .map(name -> name.length() <= 64 ? name : name.substring(0, 64) + "…").toList();
    }

    private static String bounded(String reason) {
        return reason.length() <= MAX_REASON_CHARS ? reason : reason.substring(0, MAX_REASON_CHARS - 1) + "…";
    }
}
