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
        Selection currentSelection) implements RunEvent {

    public TurnRequested {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
    }
}
