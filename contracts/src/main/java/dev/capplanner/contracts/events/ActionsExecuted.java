package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/** The observation of one iteration. */
public record ActionsExecuted(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        List<ActionResult> results) implements RunEvent {

    public ActionsExecuted {
        results = List.copyOf(results);
    }
}
