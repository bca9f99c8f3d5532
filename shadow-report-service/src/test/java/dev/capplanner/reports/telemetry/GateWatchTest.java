package dev.capplanner.reports.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.reports.shadow.PromotionGate;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gate metric: one series per evaluated tenant, 1 when it passes, gone when the tenant is. */
class GateWatchTest {

    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final GateWatch watch = new GateWatch(null, null, Clock.systemUTC(), meters);

    @Test
    void aPassingGateIsOneAFailingOneZeroAndATenantNotEvaluatedAgainHasNoSeries() {
        watch.publish(List.of(new PromotionGate.Evaluation("acme", true, List.of()),
                new PromotionGate.Evaluation("initech", false, List.of())));
        assertThat(value("acme")).isEqualTo(1);
        assertThat(value("initech")).isZero();

        watch.publish(List.of(new PromotionGate.Evaluation("acme", false, List.of())));
        assertThat(value("acme")).as("the gate stopped passing").isZero();
        assertThat(meters.find(GateWatch.METRIC).tag("tenant", "initech").gauge()).isNull();
    }

    private double value(String tenant) {
        return meters.get(GateWatch.METRIC).tag("tenant", tenant).gauge().value();
    }
}
