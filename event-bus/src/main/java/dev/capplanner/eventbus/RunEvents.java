package dev.capplanner.eventbus;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/** Fresh event ids and timestamps for events a service publishes. */
public final class RunEvents {

    private RunEvents() {
    }

    public static String newEventId() {
        return UUID.randomUUID().toString();
    }

    public static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
