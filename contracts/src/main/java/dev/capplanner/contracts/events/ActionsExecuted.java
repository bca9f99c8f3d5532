package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/** The observation of one iteration, with what it sent to remote systems. */
public record ActionsExecuted(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        List<ActionResult> results,
        ExternalCalls externalCalls) implements RunEvent {

    public ActionsExecuted {
        results = List.copyOf(results);
    }

    /** An observation without call counters. */
    public ActionsExecuted(String schemaVersion, String eventId, Instant occurredAt, RunContext run,
                           List<ActionResult> results) {
        this(schemaVersion, eventId, occurredAt, run, results, null);
    }
}
