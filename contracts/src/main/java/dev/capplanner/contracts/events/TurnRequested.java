package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/** What a chat backend publishes for each user turn. */
public record TurnRequested(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String question,
        List<String> recentTurns,
        Selection currentSelection,
        List<PriorEvidence> priorEvidence) implements RunEvent {

    public TurnRequested {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        priorEvidence = priorEvidence == null ? List.of() : List.copyOf(priorEvidence);
    }

    /** A turn without prior evidence (the first of a conversation, or a backend that keeps none). */
    public TurnRequested(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, List.of());
    }
}
