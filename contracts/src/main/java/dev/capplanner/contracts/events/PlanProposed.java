package dev.capplanner.contracts.events;

import java.time.Instant;

/**
 * The plan the executor runs for this iteration, sealed by the planner ({@code planSeal}, see
 * {@link dev.capplanner.contracts.trust.PlanSeals}). The executor reads the tools of the snapshot
 * it fetches by hash and verifies, never anything this event asserts about them.
 */
public record PlanProposed(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String mode,
        SnapshotRef snapshot,
        Plan plan,
        String fallbackReason,
        String planSeal) implements RunEvent {

    /** The same plan event with the given seal. */
    public PlanProposed withSeal(String seal) {
        return new PlanProposed(schemaVersion, eventId, occurredAt, run, mode, snapshot, plan, fallbackReason,
                seal);
    }
}
