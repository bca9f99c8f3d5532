package dev.capplanner.snapshot.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.mapping.SnapshotEvents;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/** A turn gets its run's immutable snapshot, cut from the catalog for the run's tenant, project and roles. */
@ApplicationScoped
public class SnapshotStage implements RunEventStage<TurnRequested> {

    private static final Logger LOG = Logger.getLogger(SnapshotStage.class);

    private final Catalog catalog;
    private final SnapshotBuilder builder;

    public SnapshotStage(Catalog catalog, SnapshotBuilder builder) {
        this.catalog = catalog;
        this.builder = builder;
    }

    @Override
    public Uni<List<RunEvent>> apply(TurnRequested turn, EventStamps stamps) {
        CapabilitySnapshot snapshot = builder.build(catalog, SnapshotEvents.audience(turn.run()));
        LOG.infof("snapshot_built runId=%s hash=%s capabilities=%d excluded=%d", turn.run().runId(),
                snapshot.ref().hash(), snapshot.capabilities().size(), snapshot.exclusions().size());
        return Uni.createFrom().item(List.of(SnapshotEvents.built(turn, snapshot, stamps.next())));
    }
}
