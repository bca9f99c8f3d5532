package dev.capplanner.router.stage;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.eventbus.warmup.WarmUp;
import dev.capplanner.router.config.RouterConfig;
import dev.capplanner.router.mapping.RouteEvents;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.strategy.SnapshotRankers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.time.Clock;
import java.util.List;

/**
 * The route stage's own work on the sample snapshot: a ranker built over its capabilities (the
 * embedding model loaded and run, when the strategy embeds), the question ranked and routed, the
 * route event assembled. The ranker is not cached and nothing is recorded or published. Always the
 * deterministic router: it is the LLM router's fallback, and a start-up must not call a model.
 */
@ApplicationScoped
public class RouteStageWarmUp implements WarmUp {

    private final SnapshotRankers rankers;
    private final DeterministicRouter router;
    private final EventStamps stamps;
    private final FactSeals routeSeals;

    public RouteStageWarmUp(SnapshotRankers rankers, RouterConfig config, Clock clock,
                            @Named(SealKeys.ROUTES) FactSeals routeSeals) {
        this.rankers = rankers;
        this.routeSeals = routeSeals;
        this.router = new DeterministicRouter(config.maxCandidates());
        this.stamps = new EventStamps(clock);
    }

    @Override
    public String name() {
        return "route-stage";
    }

    @Override
    public void pass() {
        SnapshotBuilt sample = SampleEvents.of(SnapshotBuilt.class);
        CapabilityRanker ranker = rankers.uncached(List.of(SampleEvents.CUSTOMERS_SEARCH, SampleEvents.TRACK_SHIPMENT));
        Route route = router.route(RouteEvents.query(sample), ranker);
        RouteEvents.selected(sample, route, routeSeals, stamps.next());
    }
}
