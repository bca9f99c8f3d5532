package dev.capplanner.snapshot.mapping;

import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;

/** Between the turn events and the snapshot core. */
public final class SnapshotEvents {

    private SnapshotEvents() {
    }

    public static Audience audience(RunContext run) {
        return new Audience(run.tenantId(), run.projectId(), run.principal().roles());
    }

    /**
     * The sealed reference and compact index of the snapshot, with the turn it was built for; the
     * definitions stay in the store, fetched by hash. The run context travels on unchanged;
     * {@code plannerMode} is the tenant's runtime mode, null when the planner's default applies.
     */
    public static SnapshotBuilt built(TurnRequested turn, CapabilitySnapshot snapshot, String seal, String plannerMode,
                                      Stamp stamp) {
        SnapshotRef ref = new SnapshotRef(snapshot.hash(), snapshot.sizeBytes(), snapshot.capabilities().size(),
                snapshot.tenantId(), snapshot.projectId(), seal);
        return new SnapshotBuilt(SnapshotBuilt.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(), turn.run(),
                turn.question(), turn.recentTurns(), turn.currentSelection(), ref,
                snapshot.capabilities().stream().map(CapabilityIndexEntry::of).toList(),
                turn.priorEvidence(), plannerMode);
    }
}
