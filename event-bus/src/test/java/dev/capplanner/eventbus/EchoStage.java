package dev.capplanner.eventbus;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.events.TurnRequested;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * A stage for the event bus's own test, consuming turns as a service would: it answers each turn
 * with an empty snapshot, and fails on the question "fail" and on a question with a NUL character.
 */
@ApplicationScoped
public class EchoStage implements RunEventStage<TurnRequested> {

    static final Instant FIXED_TIME = Instant.parse("2026-11-30T12:00:00.123Z");

    private final StageRunner runner;

    public EchoStage(StageRunner runner) {
        this.runner = runner;
    }

    @Incoming(Topics.TURN_REQUESTED)
    public Uni<Void> onTurnRequested(Message<String> record) {
        return runner.run(record, TurnRequested.class, this);
    }

    @Override
    public Uni<List<RunEvent>> apply(TurnRequested turn, EventStamps stamps) {
        // As a database refuses a NUL character in text (the report service's case).
        if (turn.question().equals("fail") || turn.question().indexOf('\u0000') >= 0) {
            return Uni.createFrom().failure(new IllegalStateException("the stage failed"));
        }
        EventStamps.Stamp stamp = stamps.next();
        return Uni.createFrom().item(List.of(new SnapshotBuilt("v1", stamp.eventId(), stamp.occurredAt(), turn.run(),
                turn.question(), List.of(), null,
                new SnapshotRef("sha256:" + "0".repeat(64), 2, 0, turn.run().tenantId(), turn.run().projectId(),
                        "hmac-sha256:test:" + "A".repeat(43)),
                List.of())));
    }

    /** The service clock, fixed so that the test can see the stamps come from it. */
    @Singleton
    public static class FixedClock {
        @Produces
        @Singleton
        @Alternative
        @Priority(1)
        Clock fixed() {
            return Clock.fixed(FIXED_TIME, ZoneOffset.UTC);
        }
    }
}
