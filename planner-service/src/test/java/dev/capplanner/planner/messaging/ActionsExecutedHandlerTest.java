package dev.capplanner.planner.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.json.RunEventJson;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

class ActionsExecutedHandlerTest {

    private static final ActionsExecuted ENDED = SampleEvents.of(ActionsExecuted.class);
    private static final ActionsExecuted CONTINUING = new ActionsExecuted(ENDED.schemaVersion(), ENDED.eventId(),
            ENDED.occurredAt(), ENDED.run(), ENDED.results(), ENDED.externalCalls(), SampleEvents.of(PlanProposed.class));

    @Test
    void anObservationThatContinuesAPlanIsAlwaysRead() {
        assertThat(CONTINUING.continuing()).isNotNull();
        assertThat(ActionsExecutedHandler.mayContinue(RunEventJson.toJson(CONTINUING))).isTrue();
        assertThat(ActionsExecutedHandler.mayContinue(null)).as("nothing to judge by: the runner decides").isTrue();
    }

    @Test
    void anObservationThatEndsItsTurnIsNotDecoded() {
        assertThat(ENDED.continuing()).isNull();
        assertThat(ActionsExecutedHandler.mayContinue(RunEventJson.toJson(ENDED))).isFalse();
    }

    @Test
    void itIsAcknowledgedWithoutReachingTheStage() {
        AtomicBoolean acknowledged = new AtomicBoolean();
        Message<String> record = Message.of(RunEventJson.toJson(ENDED), () -> {
            acknowledged.set(true);
            return CompletableFuture.completedFuture(null);
        });
        // no runner and no stage: reaching either would fail
        new ActionsExecutedHandler(null, null).onActionsExecuted(record).await().atMost(Duration.ofSeconds(5));
        assertThat(acknowledged).isTrue();
    }
}
