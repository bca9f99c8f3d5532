package dev.capplanner.planner.mapping;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Continuation;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.ValueSource;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.routed.RoutedTools;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Between the route and plan events and the planner's own vocabulary. */
public final class PlanEvents {

    private PlanEvents() {
    }

    /** The run's whole authorized snapshot, as the legacy path is offered it (every capability "ranked": no route). */
    public static List<ToolSpec> catalog(SnapshotBody snapshot) {
        return snapshot.capabilities().stream().filter(c -> !Capability.inShadow(c)).map(RoutedTools::toolSpec)
                .toList();
    }

    /** The snapshot's capabilities whose connection is in shadow: planned and compared, never executed. */
    public static Set<String> inShadow(SnapshotBody snapshot) {
        return shadowNames(snapshot.capabilities().stream());
    }

    /** The same, of a continuation's route (each slot's capability and look-alikes). */
    public static Set<String> inShadow(List<Candidate> candidates) {
        return shadowNames(Candidate.offered(candidates));
    }

    private static Set<String> shadowNames(Stream<Capability> capabilities) {
        return capabilities.filter(Capability::inShadow).map(Capability::name)
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The mode the turn carries (an operator's runtime switch for its tenant), else the configured
     * default. A mode the contract does not know was refused by its schema before it got here.
     */
    public static PlannerMode mode(RouteSelected route, PlannerMode configured) {
        return route.plannerMode() == null ? configured : PlannerMode.fromWire(route.plannerMode());
    }

    /** The tools a route offers: each candidate, then the look-alikes sharing its place. */
    public static List<ToolSpec> routed(List<Candidate> candidates) {
        return candidates.stream()
                .flatMap(c -> RoutedTools.slot(c.capability(), c.lookAlikes(), c.score() > 0).stream()).toList();
    }

    /**
     * What the capability planner plans from: the route (with the turn's trusted command), and of the
     * run context only what a model may see (project and roles; never the user's or tenant's identity).
     */
    public static PlanningRequest request(RouteSelected route, boolean mayContinue) {
        return new PlanningRequest(route.question(), route.recentTurns(), selection(route.currentSelection()),
                routed(route.candidates()), runFacts(route.run()), List.of(), mayContinue, route.command());
    }

    /** Of the run context, what a model may see: the project and the roles, never an identity. */
    static Map<String, Object> runFacts(dev.capplanner.contracts.events.RunContext run) {
        return Map.of("project", run.projectId(), "roles", run.principal().roles());
    }

    public static SelectedRow selection(Selection selection) {
        return selection == null || selection.row() == null ? null
                : new SelectedRow(selection.entity(), selection.row());
    }

    public static Plan plan(ToolPlan plan) {
        if (plan instanceof ToolPlan.Insufficient insufficient) {
            return Plan.insufficient(plan.planner().wireName(), insufficient.reason());
        }
        if (plan instanceof ToolPlan.Help help) {
            return Plan.help(plan.planner().wireName(), help.guidance());
        }
        if (plan instanceof ToolPlan.Refused refused) {
            return Plan.refused(plan.planner().wireName(), refused.reason(), refused.alternative());
        }
        ToolPlan.Actions actions = (ToolPlan.Actions) plan;
        List<PlannedAction> planned = plan.actions().stream().map(PlanEvents::action).toList();
        if (actions.selectionFor() != null) {
            return Plan.lookup(plan.planner().wireName(), planned, actions.selectionFor());
        }
        return Plan.actions(plan.planner().wireName(), planned, actions.unmapped());
    }

    private static PlannedAction action(PlannedCall call) {
        Map<String, ValueSource> from = new LinkedHashMap<>();
        call.from().forEach((argument, source) -> from.put(argument, new ValueSource(source.action(), source.path())));
        return new PlannedAction(call.id(), call.tool(), call.arguments(), call.dependsOn(), from,
                call.fanOut() ? Boolean.TRUE : null);
    }

    /**
     * What the executor runs: the decided plan, sealed by this planner for its run and snapshot; a plan
     * whose results must be seen first carries what the next iteration is planned from.
     */
    public static PlanProposed proposed(RouteSelected route, PlanningDecision decision, PlanSeals seals, Stamp stamp,
                                        int maxIterations) {
        Continuation continuation = decision.toExecute().continues()
                ? new Continuation(route.question(), route.recentTurns(), route.currentSelection(), route.candidates(),
                        List.of(), maxIterations, route.command())
                : null;
        PlanProposed unsealed = new PlanProposed(PlanProposed.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(),
                route.run(), decision.mode().wireName(), route.snapshot(), plan(decision.toExecute()),
                decision.fallbackReason(), null, continuation);
        return unsealed.withSeal(seals.seal(unsealed));
    }

    /**
     * Both plans side by side for the shadow report, sealed by this planner (the report service stores
     * no comparison it could not verify); only when the capability planner ran.
     */
    public static ShadowCompared compared(RouteSelected route, PlanningDecision decision, FactSeals seals,
                                          Stamp stamp) {
        return seals.sealed(new ShadowCompared(ShadowCompared.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(), route.run(),
                decision.mode().wireName(), route.question(), route.snapshot(),
                Candidate.offered(route.candidates()).map(Capability::name).toList(), plan(decision.classic()),
                plan(decision.capability()), decision.agreement(), decision.capabilityLatencyMs(),
                decision.fallbackReason(), decision.promptTokens() > 0 ? decision.promptTokens() : null,
                decision.plannerNote(), decision.rejectedProposals(), null));
    }
}
