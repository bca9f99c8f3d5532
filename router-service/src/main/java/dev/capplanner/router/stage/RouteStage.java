package dev.capplanner.router.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.eventbus.snapshots.RunSnapshots;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.router.config.RouterConfig;
import dev.capplanner.router.discovery.ChannelPolicies;
import dev.capplanner.router.discovery.DiscoveryChannel;
import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.mapping.RouteEvents;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DirectRoute;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.strategy.SnapshotRankers;
import dev.capplanner.router.telemetry.DiscoveryTelemetry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * A snapshot gets its route: at most eight candidates ranked from the snapshot's cached ranker.
 * The event names the snapshot by sealed hash; the definitions are the body fetched by that hash
 * and verified (seal for this run and principal, sha256, and the event's index equal to the body's),
 * so a forged or altered snapshot is dead-lettered and any replica can route any snapshot; while
 * the snapshot service cannot be asked, the record waits and is tried again (never dead-lettered). Only the
 * candidates' full schemas travel on. Ranking embeds the question and the LLM router waits on HTTP,
 * so routing runs on a worker thread, never on the event loop.
 */
@ApplicationScoped
public class RouteStage implements RunEventStage<SnapshotBuilt> {

    private static final Logger LOG = Logger.getLogger(RouteStage.class);

    private final CapabilityRouter router;
    private final SnapshotRankers rankers;
    private final DiscoveryTelemetry telemetry;
    private final RouterConfig config;
    private final VerifiedSnapshots snapshots;
    private final FactSeals routeSeals;
    private final FactSeals snapshotEventSeals;
    private final ChannelPolicies channelPolicies;

    public RouteStage(CapabilityRouter router, SnapshotRankers rankers, DiscoveryTelemetry telemetry,
                      RouterConfig config, VerifiedSnapshots snapshots, @Named(SealKeys.ROUTES) FactSeals routeSeals,
                      @Named(SealKeys.SNAPSHOT_EVENTS) FactSeals snapshotEventSeals, ChannelPolicies channelPolicies) {
        this.channelPolicies = channelPolicies;
        this.router = router;
        this.routeSeals = routeSeals;
        this.snapshotEventSeals = snapshotEventSeals;
        this.snapshots = snapshots;
        this.rankers = rankers;
        this.telemetry = telemetry;
        this.config = config;
    }

    /**
     * A snapshot event the snapshot service did not seal (or that was changed since) is dead-lettered
     * before anything is ranked: the router seals its routes, so it must not route a question,
     * iteration or planner mode someone else wrote beside a genuine snapshot reference.
     */
    @Override
    public Optional<String> refusal(SnapshotBuilt snapshot) {
        return snapshotEventSeals.refusal(snapshot);
    }

    @Override
    public Uni<List<RunEvent>> apply(SnapshotBuilt snapshot, EventStamps stamps) {
        return RunSnapshots.verified(snapshots, snapshot.run(), snapshot.snapshot(), LOG)
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(body -> List.<RunEvent>of(route(snapshot, body, stamps)));
    }

    private RunEvent route(SnapshotBuilt snapshot, SnapshotBody body, EventStamps stamps) {
        if (!snapshot.index().equals(body.index())) {
            throw new RejectedEventException("untrusted snapshot: the event's index is not the index of the body its hash names");
        }
        if (snapshot.toolCall() != null) {
            return directly(snapshot, body, stamps);
        }
        long started = System.nanoTime();
        CapabilityRanker ranker = rankers.forSnapshot(body.hash(), body.capabilities());
        Route route = router.route(RouteEvents.query(snapshot), ranker);
        String strategy = rankers.strategy().wireName();
        telemetry.record(DiscoveryOffer.ofRoute(route, strategy, body.capabilities().size(),
                config.maxCandidates(), Math.min(config.maxCandidates(), CapabilityRouter.MAX_CANDIDATES),
                (System.nanoTime() - started) / 1e6));
        // Names and counts only: the question and its values never reach the log.
        LOG.infof("route_selected runId=%s router=%s strategy=%s snapshotSize=%d candidates=%s droppedNames=%d"
                        + " requestedFamilies=%s fallback=%s",
                snapshot.run().runId(), route.router(), strategy, body.capabilities().size(),
                route.candidates().stream().map(c -> c.capability().name()).toList(), route.report().droppedNames(),
                route.report().requestedFamilies(), route.report().fallbackReason());
        return RouteEvents.selected(snapshot, route, routeSeals, stamps.next());
    }

    /** A direct call ranks nothing, so it adds nothing to the discovery telemetry of ranked routes. */
    private RunEvent directly(SnapshotBuilt snapshot, SnapshotBody body, EventStamps stamps) {
        Route route = DirectRoute.of(snapshot.toolCall().tool(), body.capabilities(),
                channelPolicies.policyFor(body.tenantId(), DiscoveryChannel.MCP)::admits);
        LOG.infof("route_selected runId=%s router=%s snapshotSize=%d candidates=%s", snapshot.run().runId(),
                route.router(), body.capabilities().size(),
                route.candidates().stream().map(c -> c.capability().name()).toList());
        return RouteEvents.selected(snapshot, route, routeSeals, stamps.next());
    }
}
