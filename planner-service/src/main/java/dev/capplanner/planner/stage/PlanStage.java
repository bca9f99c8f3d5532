package dev.capplanner.planner.stage;

import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.planner.config.PlannerConfig;
import dev.capplanner.planner.mapping.PlanEvents;
import dev.capplanner.planner.mode.IterationPlanner;
import dev.capplanner.planner.mode.PlanningDecision;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/** A route gets the plan the executor runs, and in shadow and capability modes the comparison of both planners. */
@ApplicationScoped
public class PlanStage implements RunEventStage<RouteSelected> {

    private static final Logger LOG = Logger.getLogger(PlanStage.class);

    private final IterationPlanner planner;
    private final PlannerConfig config;
    private final PlanSeals seals;

    public PlanStage(IterationPlanner planner, PlannerConfig config, PlanSeals seals) {
        this.planner = planner;
        this.config = config;
        this.seals = seals;
    }

    /** Off the event loop: the LLM planner waits for a model, and validation compiles schemas. */
    @Override
    public Uni<List<RunEvent>> apply(RouteSelected route, EventStamps stamps) {
        return Uni.createFrom().item(() -> plan(route, stamps)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private List<RunEvent> plan(RouteSelected route, EventStamps stamps) {
        // A plan that continues only goes on when it executes (capability mode); in shadow mode it is compared.
        boolean mayContinue = config.maxIterations() > 1;
        PlanningDecision decision = planner.decide(config.mode(), PlanEvents.request(route, mayContinue));
        LOG.infof("plan_decided runId=%s mode=%s executes=%s agreement=%s fallback=%s promptTokens=%d note=%s",
                route.run().runId(), decision.mode().wireName(), decision.toExecute().planner().wireName(),
                decision.agreement(), decision.fallbackReason() != null, decision.promptTokens(),
                decision.plannerNote() != null);
        List<RunEvent> emitted = new ArrayList<>();
        emitted.add(PlanEvents.proposed(route, decision, seals, stamps.next(), config.maxIterations()));
        if (decision.compared()) {
            emitted.add(PlanEvents.compared(route, decision, stamps.next()));
        }
        return emitted;
    }
}
