package dev.capplanner.snapshot.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.mapping.SnapshotEvents;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.persistence.SnapshotStore;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A turn gets its run's immutable snapshot, cut from the live registry for the run's tenant, project
 * and roles, stored by content address before it is announced (so any reader can fetch what the
 * event names) and sealed for this run.
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
        return registry.current()
                .map(state -> snapshots.snapshotFor(state, SnapshotEvents.audience(turn.run())))
                .call(store::storeOnce)
                .map(snapshot -> {
                    log(turn, snapshot);
                    return List.of(SnapshotEvents.built(turn, snapshot, seals.seal(turn.run(), snapshot.hash()),
                            stamps.next()));
                });
    }

    private static void log(TurnRequested turn, CapabilitySnapshot snapshot) {
        LOG.infof("snapshot_built runId=%s hash=%s capabilities=%d excluded=%d", turn.run().runId(), snapshot.hash(),
                snapshot.capabilities().size(), snapshot.exclusions().size());
    }
}
