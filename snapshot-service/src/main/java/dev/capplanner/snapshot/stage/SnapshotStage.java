package dev.capplanner.snapshot.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.eventbus.DatabaseOutage;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.Outages;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.mapping.SnapshotEvents;
import dev.capplanner.snapshot.supply.SnapshotSupply;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A turn gets its run's immutable snapshot, cut from the live registry for the run's tenant, project
 * and roles (off the event loop when it must be built), stored by content address before it is
 * announced (so any reader can fetch what the event names) and sealed for this run; with it goes the
 * planner mode an operator set for the tenant, as of the same registry revision.
 */
@ApplicationScoped
public class SnapshotStage implements RunEventStage<TurnRequested> {

    private static final Logger LOG = Logger.getLogger(SnapshotStage.class);

    private final SnapshotSupply supply;
    private final SnapshotSeals seals;

    public SnapshotStage(SnapshotSupply supply, SnapshotSeals seals) {
        this.supply = supply;
        this.seals = seals;
    }

    @Override
    public Uni<List<RunEvent>> apply(TurnRequested turn, EventStamps stamps) {
        // The registry is read from PostgreSQL: while it is away the record waits, it is not dead-lettered.
        return Outages.waitOut(Uni.createFrom().deferred(() -> supply.forTurn(SnapshotEvents.audience(turn.run()))),
                DatabaseOutage::is, LOG, "registry_unavailable", turn.run().runId()).map(started -> {
            CapabilitySnapshot snapshot = started.snapshot();
            log(turn, snapshot);
            return List.of(SnapshotEvents.built(turn, snapshot, seals.seal(turn.run(), snapshot.hash()),
                    started.plannerMode(), stamps.next()));
        });
    }

    private static void log(TurnRequested turn, CapabilitySnapshot snapshot) {
        LOG.infof("snapshot_built runId=%s hash=%s capabilities=%d excluded=%d", turn.run().runId(), snapshot.hash(),
                snapshot.capabilities().size(), snapshot.exclusions().size());
    }
}
