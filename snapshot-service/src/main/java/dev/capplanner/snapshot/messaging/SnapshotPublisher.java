package dev.capplanner.snapshot.messaging;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.eventbus.RunEventInbox;
import dev.capplanner.eventbus.RunEventOutbox;
import dev.capplanner.eventbus.RunEvents;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.catalog.Catalog;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/** turn requested -> snapshot built. */
@ApplicationScoped
public class SnapshotPublisher {

    private static final Logger LOG = Logger.getLogger(SnapshotPublisher.class);

    private final RunEventInbox inbox;
    private final RunEventOutbox outbox;
    private final MutinyEmitter<String> snapshots;
    private final Catalog catalog;
    private final SnapshotBuilder builder;
    private final Clock clock = Clock.systemUTC();

    public SnapshotPublisher(RunEventInbox inbox, RunEventOutbox outbox,
                             @Channel("snapshot-built") MutinyEmitter<String> snapshots,
                             Catalog catalog, SnapshotBuilder builder) {
        this.inbox = inbox;
        this.outbox = outbox;
        this.snapshots = snapshots;
        this.catalog = catalog;
        this.builder = builder;
    }

    @Incoming("turn-requested")
    public Uni<Void> onTurnRequested(Message<String> record) {
        return inbox.handle(record, EventType.TURN_REQUESTED, TurnRequested.class, turn -> {
            CapabilitySnapshot snapshot = builder.build(catalog, turn.run());
            LOG.infof("snapshot_built runId=%s hash=%s capabilities=%d excluded=%d", turn.run().runId(),
                    snapshot.ref().hash(), snapshot.capabilities().size(), snapshot.exclusions().size());
            SnapshotBuilt built = new SnapshotBuilt(SnapshotBuilt.SCHEMA_VERSION, RunEvents.newEventId(),
                    RunEvents.now(clock), turn.run(), turn.question(), turn.recentTurns(), turn.currentSelection(),
                    snapshot.ref(), snapshot.capabilities(), turn.priorEvidence());
            return snapshots.sendMessage(outbox.message(built, record));
        });
    }
}
