package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * The plan the executor runs for this iteration, sealed by the planner ({@code planSeal}, see
 * {@link dev.capplanner.contracts.trust.PlanSeals}). {@code grants} is informational: the executor
 * reads the tools of the snapshot it fetches by hash, never these.
 */
public record PlanProposed(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String mode,
        SnapshotRef snapshot,
        List<Grant> grants,
        Plan plan,
        String fallbackReason,
        String planSeal) implements RunEvent {

    public PlanProposed {
        grants = List.copyOf(grants);
    }

    /** The same plan event with the given seal. */
    public PlanProposed withSeal(String seal) {
        return new PlanProposed(schemaVersion, eventId, occurredAt, run, mode, snapshot, grants, plan, fallbackReason,
                seal);
    }
}
