package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/** What a chat backend consumes to answer the user. */
public record TurnCompleted(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String outcome,
        String summary,
        List<Evidence> evidence) implements RunEvent {

    public static final String ANSWERED = "answered";
    public static final String INSUFFICIENT = "insufficient";
    public static final String DENIED = "denied";
    public static final String FAILED = "failed";

    public TurnCompleted {
        evidence = List.copyOf(evidence);
    }
}
