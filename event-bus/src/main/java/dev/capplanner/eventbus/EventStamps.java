package dev.capplanner.eventbus;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * Identity and time for the events a stage emits: a fresh event id each, and the time read from the
 * service's clock (millisecond precision, as the schemas' date-time values carry it).
 */
public final class EventStamps {

    private final Clock clock;

    public EventStamps(Clock clock) {
        this.clock = clock;
    }

    public Stamp next() {
        return new Stamp(UUID.randomUUID().toString(), clock.instant().truncatedTo(ChronoUnit.MILLIS));
    }

    /** The current time on the same clock, for what a stage records about its own work. */
    public Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The envelope fields of one emitted event. */
    public record Stamp(String eventId, Instant occurredAt) {
    }
}
