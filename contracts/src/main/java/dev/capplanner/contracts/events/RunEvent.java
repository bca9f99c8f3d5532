package dev.capplanner.contracts.events;

import java.time.Instant;

/** The common envelope of every v1 run event (see {@code schemas/v1/common.json#/$defs/envelope}). */
public sealed interface RunEvent
        permits TurnRequested, PlanProposed, TurnCompleted, SealedFact {

    String SCHEMA_VERSION = "v1";

    String schemaVersion();

    String eventId();

    Instant occurredAt();

    RunContext run();
}
