package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/** The immutable capability snapshot of one run, with the turn it was built for. */
public record SnapshotBuilt(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String question,
        List<String> recentTurns,
        Selection currentSelection,
        SnapshotRef snapshot,
        List<Capability> capabilities,
        List<PriorEvidence> priorEvidence) implements RunEvent {

    public SnapshotBuilt {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        capabilities = List.copyOf(capabilities);
        priorEvidence = priorEvidence == null ? List.of() : List.copyOf(priorEvidence);
    }

    /** A snapshot for a turn without prior evidence. */
    public SnapshotBuilt(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<Capability> capabilities) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, capabilities,
                List.of());
    }
}
