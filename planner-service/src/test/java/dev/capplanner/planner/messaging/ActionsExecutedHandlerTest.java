package dev.capplanner.planner.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.json.RunEventJson;
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
}
