package dev.capplanner.router.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.router.routing.llm.RouteFallbacks;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class MeteredRouteFallbacksTest {

    @Test
    void bothReasonsAreThereFromTheStartUnderStageRouteAndCountApart() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        MeteredRouteFallbacks fallbacks = new MeteredRouteFallbacks(meters);
        assertThat(meters.find(MeteredRouteFallbacks.FALLBACKS).tag("stage", "route").counters()).hasSize(2)
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
        fallbacks.fellBack(RouteFallbacks.Reason.MODEL_FAILED);
        assertThat(meters.get(MeteredRouteFallbacks.FALLBACKS).tags("stage", "route", "reason", "model_failed").counter()
                .count()).isEqualTo(1);
        assertThat(meters.get(MeteredRouteFallbacks.FALLBACKS).tags("stage", "route", "reason", "unusable_answer").counter()
                .count()).isZero();
    }
}
