package dev.capplanner.snapshot.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.mapping.SnapshotEvents;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.persistence.SnapshotStore;
import dev.capplanner.snapshot.registry.RegistryState;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * A turn gets its run's immutable snapshot, cut from the live registry for the run's tenant, project
 * and roles (off the event loop when it must be built), stored by content address before it is
 * announced (so any reader can fetch what the event names) and sealed for this run.
 */
@ApplicationScoped
public class SnapshotStage implements RunEventStage<TurnRequested> {

    private static final Logger LOG = Logger.getLogger(SnapshotStage.class);

    private final LiveRegistry registry;
    private final SnapshotCache snapshots;
    private final SnapshotStore store;
    private final SnapshotSeals seals;

    public SnapshotStage(LiveRegistry registry, SnapshotCache snapshots, SnapshotStore store, SnapshotSeals seals) {
        this.registry = registry;
        this.snapshots = snapshots;
        this.store = store;
        this.seals = seals;
    }

    @Override
    public Uni<List<RunEvent>> apply(TurnRequested turn, EventStamps stamps) {
        Audience audience = SnapshotEvents.audience(turn.run());
        return registry.current()
                .chain(state -> snapshotOf(state, audience))
                .call(store::storeOnce)
                .map(snapshot -> {
                    log(turn, snapshot);
                    return List.of(SnapshotEvents.built(turn, snapshot, seals.seal(turn.run(), snapshot.hash()),
                            stamps.next()));
                });
    }

    /**
     * A cached snapshot is taken at once; a new one is built on a worker thread (10,000 capabilities
     * take about 150 ms, too long for the event loop), and the chain comes back to this context,
     * where the store (Hibernate Reactive) must run.
     */
    private Uni<CapabilitySnapshot> snapshotOf(RegistryState state, Audience audience) {
        Optional<CapabilitySnapshot> cached = snapshots.cached(state, audience);
        Context context = Vertx.currentContext();
        if (cached.isPresent() || context == null) {
            return Uni.createFrom().item(() -> cached.orElseGet(() -> snapshots.snapshotFor(state, audience)));
        }
        return Uni.createFrom().item(() -> snapshots.snapshotFor(state, audience))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(task -> context.runOnContext(ignored -> task.run()));
    }

    private static void log(TurnRequested turn, CapabilitySnapshot snapshot) {
        LOG.infof("snapshot_built runId=%s hash=%s capabilities=%d excluded=%d", turn.run().runId(), snapshot.hash(),
                snapshot.capabilities().size(), snapshot.exclusions().size());
    }
}
