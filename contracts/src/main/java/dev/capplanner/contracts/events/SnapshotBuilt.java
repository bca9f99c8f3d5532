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
        List<Capability> capabilities) implements RunEvent {

    public SnapshotBuilt {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        capabilities = List.copyOf(capabilities);
    }
}
