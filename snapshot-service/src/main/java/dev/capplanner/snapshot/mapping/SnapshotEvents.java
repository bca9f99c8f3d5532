package dev.capplanner.snapshot.mapping;

import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import java.util.List;

/** Between the turn events and the snapshot core. */
public final class SnapshotEvents {

    private SnapshotEvents() {
    }

    /**
     * What the chat backend hears when its turn's principal did not verify: nothing ran. The reason
     * stays on the dead letter (operators'); the user is told only that the turn was not authenticated.
     */
    public static TurnCompleted notAuthenticated(TurnRequested turn, Stamp stamp) {
        return new TurnCompleted(TurnCompleted.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(), turn.run(),
                TurnCompleted.UNAUTHENTICATED, "The request was not authenticated, so nothing was looked up.", List.of());
    }

    public static Audience audience(RunContext run) {
        return new Audience(run.tenantId(), run.projectId(), run.principal().roles());
    }

    /**
     * The sealed reference and compact index of the snapshot, with the turn it was built for; the
     * definitions stay in the store, fetched by hash. The run context travels on unchanged;
     * {@code plannerMode} is the tenant's runtime mode, null when the planner's default applies. The
     * reference is sealed for the run, and the whole event too (the router routes no other).
     */
    public static SnapshotBuilt built(TurnRequested turn, CapabilitySnapshot snapshot, SnapshotSeals seals,
                                      String plannerMode, Stamp stamp) {
        return built(turn, snapshot, seals, plannerMode, null, stamp);
    }

    /**
     * The same, with the turn's command when its tenant trusts it ({@code trustedCommand}, else null);
     * a direct call goes on as the caller gave it: only the snapshot's capability can be routed for it.
     */
    public static SnapshotBuilt built(TurnRequested turn, CapabilitySnapshot snapshot, SnapshotSeals seals,
                                      String plannerMode, String trustedCommand, Stamp stamp) {
        SnapshotRef ref = new SnapshotRef(snapshot.hash(), snapshot.sizeBytes(), snapshot.capabilities().size(),
                snapshot.tenantId(), snapshot.projectId(), seals.seal(turn.run(), snapshot.hash()));
        return FactSeals.snapshotEvents(seals.keys()).sealed(new SnapshotBuilt(SnapshotBuilt.SCHEMA_VERSION,
                stamp.eventId(), stamp.occurredAt(), turn.run(), turn.question(), turn.recentTurns(),
                turn.currentSelection(), ref, snapshot.capabilities().stream().map(CapabilityIndexEntry::of).toList(),
                turn.priorEvidence(), plannerMode, trustedCommand, turn.toolCall(), null));
    }
}
