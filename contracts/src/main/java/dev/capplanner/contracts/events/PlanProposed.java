package dev.capplanner.contracts.events;

import java.time.Instant;

/**
 * The plan the executor runs for this iteration, sealed by the planner ({@code planSeal}, see
 * {@link dev.capplanner.contracts.trust.PlanSeals}). The executor reads the tools of the snapshot
 * it fetches by hash and verifies, never anything this event asserts about them. A plan with a
 * {@code continuation} is one iteration of several: its results go back to the planner (in
 * {@code actions.executed}, with this event), which plans the next one; no turn completes on it.
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
        String planSeal,
        Continuation continuation) implements RunEvent {

    /** A plan that ends its turn. */
    public PlanProposed(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String mode,
                        SnapshotRef snapshot, Plan plan, String fallbackReason, String planSeal) {
        this(schemaVersion, eventId, occurredAt, run, mode, snapshot, plan, fallbackReason, planSeal, null);
    }

    /** The same plan event with the given seal. */
    public PlanProposed withSeal(String seal) {
        return new PlanProposed(schemaVersion, eventId, occurredAt, run, mode, snapshot, plan, fallbackReason,
                seal, continuation);
    }

    /** Whether the planner plans again from this plan's results. */
    public boolean continues() {
        return continuation != null;
    }
}
