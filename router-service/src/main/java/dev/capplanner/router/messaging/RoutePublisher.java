package dev.capplanner.router.messaging;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.PriorEvidence;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.eventbus.RunEventInbox;
import dev.capplanner.eventbus.RunEventOutbox;
import dev.capplanner.eventbus.RunEvents;
import dev.capplanner.router.config.RouterConfig;
import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.ranking.SnapshotRankers;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.telemetry.DiscoveryTelemetry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/** snapshot built -> route selected. Only the candidates' full schemas travel on. */
@ApplicationScoped
public class RoutePublisher {

    private static final Logger LOG = Logger.getLogger(RoutePublisher.class);

    private final RunEventInbox inbox;
    private final RunEventOutbox outbox;
    private final MutinyEmitter<String> routes;
    private final CapabilityRouter router;
    private final SnapshotRankers rankers;
    private final DiscoveryTelemetry telemetry;
    private final RouterConfig config;
    private final Clock clock = Clock.systemUTC();

    public RoutePublisher(RunEventInbox inbox, RunEventOutbox outbox,
                          @Channel("route-selected") MutinyEmitter<String> routes, CapabilityRouter router,
                          SnapshotRankers rankers, DiscoveryTelemetry telemetry, RouterConfig config) {
        this.inbox = inbox;
        this.outbox = outbox;
        this.routes = routes;
        this.router = router;
        this.rankers = rankers;
        this.telemetry = telemetry;
        this.config = config;
    }

    @Incoming("snapshot-built")
    public Uni<Void> onSnapshotBuilt(Message<String> record) {
        // Ranking embeds the question and the LLM router waits on HTTP: never on the event loop.
        return inbox.handle(record, EventType.SNAPSHOT_BUILT, SnapshotBuilt.class, snapshot -> Uni.createFrom()
                .item(() -> route(snapshot))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(selected -> routes.sendMessage(outbox.message(selected, record))));
    }

    private RouteSelected route(SnapshotBuilt snapshot) {
        long started = System.nanoTime();
        CapabilityRanker index = rankers.forSnapshot(snapshot.snapshot().hash(), snapshot.capabilities());
        Route route = router.route(new RankingQuery(snapshot.question(), snapshot.recentTurns(),
                snapshot.currentSelection(), snapshot.priorEvidence().stream().map(PriorEvidence::tool).toList()), index);
        telemetry.record(DiscoveryOffer.ofRoute(route, rankers.strategy().wireName(), snapshot.capabilities().size(),
                config.maxCandidates(), Math.min(config.maxCandidates(), CapabilityRouter.MAX_CANDIDATES),
                (System.nanoTime() - started) / 1e6));
        // Names and counts only: the question and its values never reach the log.
        LOG.infof("route_selected runId=%s router=%s strategy=%s snapshotSize=%d candidates=%s droppedNames=%d"
                        + " requestedFamilies=%s fallback=%s",
                snapshot.run().runId(), route.router(), rankers.strategy().wireName(), snapshot.capabilities().size(),
                route.candidates().stream().map(c -> c.capability().name()).toList(), route.report().droppedNames(),
                route.report().requestedFamilies(), route.report().fallbackReason());
        return new RouteSelected(RouteSelected.SCHEMA_VERSION, RunEvents.newEventId(),
                RunEvents.now(clock), snapshot.run(), snapshot.question(), snapshot.recentTurns(),
                snapshot.currentSelection(), snapshot.snapshot(),
                snapshot.capabilities().stream().map(Capability::grant).toList(), route.candidates(), route.router(),
                route.report());
    }
}
