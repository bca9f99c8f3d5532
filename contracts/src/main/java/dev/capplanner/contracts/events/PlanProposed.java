package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/** The plan the executor runs for this iteration, with the grants it must re-check. */
public record PlanProposed(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String mode,
        SnapshotRef snapshot,
        List<Grant> grants,
        Plan plan,
        String fallbackReason) implements RunEvent {

    public PlanProposed {
        grants = List.copyOf(grants);
    }
}
