package dev.capplanner.planner.stage;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.eventbus.warmup.WarmUp;
import dev.capplanner.planner.config.PlannerBeans;
import dev.capplanner.planner.config.PlannerConfig;
import dev.capplanner.planner.mapping.PlanEvents;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.mode.RuntimeModePlanner;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.time.Clock;
import java.util.List;

/**
 * The plan stage's own work on the sample route, in every mode: classified, planned by both planners,
 * validated (argument schemas compiled), sealed, and the plan and comparison events assembled.
 * Nothing is published; the planners are the ones without a model, so no model is called.
 */
@ApplicationScoped
public class PlanStageWarmUp implements WarmUp {

    private final RuntimeModePlanner planner;
    private final PlanSeals seals;
    private final FactSeals comparisonSeals;
    private final PlannerConfig config;
    private final EventStamps stamps;

    public PlanStageWarmUp(PlannerConfig config, PlanSeals seals, @Named(SealKeys.COMPARISONS) FactSeals comparisonSeals,
                           Clock clock) {
        this.planner = PlannerBeans.withoutModel(config);
        this.seals = seals;
        this.comparisonSeals = comparisonSeals;
        this.config = config;
        this.stamps = new EventStamps(clock);
    }

    @Override
    public String name() {
        return "plan-stage";
    }

    @Override
    public void pass() {
        RouteSelected route = SampleEvents.of(RouteSelected.class);
        SnapshotBody snapshot = SnapshotBody.of(route.snapshot().hash(), route.run().tenantId(),
                route.run().projectId(), List.of(SampleEvents.CUSTOMERS_SEARCH, SampleEvents.TRACK_SHIPMENT));
        for (PlannerMode mode : PlannerMode.values()) {
            PlanningDecision decision = planner.decide(mode, PlanEvents.request(route, config.maxIterations() > 1),
                    PlanEvents.catalog(snapshot));
            PlanEvents.proposed(route, decision, seals, stamps.next(), config.maxIterations());
            if (decision.compared()) {
                PlanEvents.compared(route, decision, comparisonSeals, stamps.next());
            }
        }
    }
}
