package dev.capplanner.planner.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.llm.ModelFallbacks;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class MeteredModelFallbacksTest {

    @Test
    void everyStageAndReasonIsThereFromTheStartAndEachFallbackCountsUnderItsOwn() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        MeteredModelFallbacks fallbacks = new MeteredModelFallbacks(meters);
        assertThat(meters.find(MeteredModelFallbacks.FALLBACKS).counters()).as("3 stages x 2 reasons, at 0").hasSize(6)
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
        fallbacks.fellBack(ModelFallbacks.Stage.PLAN, ModelFallbacks.Reason.UNREACHABLE);
        fallbacks.fellBack(ModelFallbacks.Stage.PLAN, ModelFallbacks.Reason.UNREACHABLE);
        fallbacks.fellBack(ModelFallbacks.Stage.CLASSIFY, ModelFallbacks.Reason.UNUSABLE_ANSWER);
        assertThat(meters.get(MeteredModelFallbacks.FALLBACKS).tags("stage", "plan", "reason", "unreachable").counter().count())
                .isEqualTo(2);
        assertThat(meters.get(MeteredModelFallbacks.FALLBACKS).tags("stage", "classify", "reason", "unusable_answer").counter()
                .count()).isEqualTo(1);
        assertThat(meters.get(MeteredModelFallbacks.FALLBACKS).tags("stage", "legacy_plan", "reason", "unreachable").counter()
                .count()).isZero();
    }
}
