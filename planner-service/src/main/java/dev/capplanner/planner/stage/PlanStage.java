package dev.capplanner.planner.stage;

import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.eventbus.snapshots.RunSnapshots;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.planner.config.PlannerConfig;
import dev.capplanner.planner.direct.DirectCalls;
import dev.capplanner.planner.mapping.PlanEvents;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.mode.RuntimeModePlanner;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * A route gets the plan the executor runs, and in shadow and capability modes the comparison of both
 * planners; a direct call's route gets its one validated call ({@link DirectCalls}) in every mode. The mode is the one the turn carries (an operator's runtime switch for the tenant, as of
 * the turn's start), else the configured default. The legacy path is offered the run's whole
 * snapshot, fetched by its sealed hash and verified like the router does; while the snapshot service
 * cannot be asked the record waits, and a forged snapshot is dead-lettered.
 */
@ApplicationScoped
public class PlanStage implements RunEventStage<RouteSelected> {

    private static final Logger LOG = Logger.getLogger(PlanStage.class);

    private final RuntimeModePlanner planner;
    private final DirectCalls directCalls;
    private final PlannerConfig config;
    private final PlanSeals seals;
    private final FactSeals comparisonSeals;
    private final FactSeals routeSeals;
    private final VerifiedSnapshots snapshots;

    public PlanStage(RuntimeModePlanner planner, DirectCalls directCalls, PlannerConfig config, PlanSeals seals,
                     @Named(SealKeys.COMPARISONS) FactSeals comparisonSeals, @Named(SealKeys.ROUTES) FactSeals routeSeals,
                     VerifiedSnapshots snapshots) {
        this.planner = planner;
        this.directCalls = directCalls;
        this.config = config;
        this.seals = seals;
        this.comparisonSeals = comparisonSeals;
        this.routeSeals = routeSeals;
        this.snapshots = snapshots;
    }

    /**
     * A route the router did not seal (or that was changed since) is dead-lettered before anything is
     * planned: the planner seals what it plans and compares, so it must not plan a question, candidates
     * or iteration someone else wrote under a genuine snapshot reference.
     */
    @Override
    public Optional<String> refusal(RouteSelected route) {
        return routeSeals.refusal(route);
    }

    /** Off the event loop: the LLM planner waits for a model, and validation compiles schemas. */
    @Override
    public Uni<List<RunEvent>> apply(RouteSelected route, EventStamps stamps) {
        return RunSnapshots.verified(snapshots, route.run(), route.snapshot(), LOG)
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(body -> plan(route, body, stamps));
    }

    private List<RunEvent> plan(RouteSelected route, SnapshotBody snapshot, EventStamps stamps) {
        // A plan that continues only goes on when it executes (capability mode); in shadow mode it is compared.
        boolean mayContinue = config.maxIterations() > 1;
        PlannerMode mode = PlanEvents.mode(route, config.mode());
        PlanningDecision decision = route.toolCall() != null
                ? directCalls.decide(route.toolCall().tool(), route.toolCall().arguments(),
                        PlanEvents.routed(route.candidates()), PlanEvents.inShadow(snapshot), mode)
                : planner.decide(mode, PlanEvents.request(route, mayContinue), PlanEvents.catalog(snapshot),
                        PlanEvents.inShadow(snapshot));
        LOG.infof("plan_decided runId=%s mode=%s executes=%s agreement=%s fallback=%s promptTokens=%d"
                        + " classicPromptTokens=%d note=%s", route.run().runId(), decision.mode().wireName(),
                decision.toExecute().planner().wireName(), decision.agreement(), decision.fallbackReason() != null,
                decision.promptTokens(), decision.classicPromptTokens(), decision.plannerNote() != null);
        List<RunEvent> emitted = new ArrayList<>();
        emitted.add(PlanEvents.proposed(route, decision, seals, stamps.next(), config.maxIterations()));
        if (decision.compared()) {
            emitted.add(PlanEvents.compared(route, decision, comparisonSeals, stamps.next()));
        }
        return emitted;
    }
}
