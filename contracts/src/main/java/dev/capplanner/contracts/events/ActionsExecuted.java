package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * The observation of one iteration, with what it sent to remote systems; {@code continuing} echoes
 * the plan when it has a continuation (the planner plans the next iteration from it); {@code seal}: the
 * executor's seal over the rest (see {@link SealedFact}).
 */
public record ActionsExecuted(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        List<ActionResult> results,
        ExternalCalls externalCalls,
        PlanProposed continuing,
        String seal) implements SealedFact<ActionsExecuted> {

    public ActionsExecuted {
        results = List.copyOf(results);
    }

    /** An observation before it is sealed. */
    public ActionsExecuted(String schemaVersion, String eventId, Instant occurredAt, RunContext run,
                           List<ActionResult> results, ExternalCalls externalCalls, PlanProposed continuing) {
        this(schemaVersion, eventId, occurredAt, run, results, externalCalls, continuing, null);
    }

    /** The observation of an iteration that ends its turn. */
    public ActionsExecuted(String schemaVersion, String eventId, Instant occurredAt, RunContext run,
                           List<ActionResult> results, ExternalCalls externalCalls) {
        this(schemaVersion, eventId, occurredAt, run, results, externalCalls, null);
    }

    /** An observation without call counters. */
    public ActionsExecuted(String schemaVersion, String eventId, Instant occurredAt, RunContext run,
                           List<ActionResult> results) {
        this(schemaVersion, eventId, occurredAt, run, results, null);
    }

    @Override
    public ActionsExecuted withSeal(String seal) {
        return new ActionsExecuted(schemaVersion, eventId, occurredAt, run, results, externalCalls, continuing, seal);
    }
}
