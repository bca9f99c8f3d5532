package dev.capplanner.planner.telemetry;

import dev.capplanner.planner.llm.ModelFallbacks;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code capplanner_llm_fallbacks_total{stage, reason}} for the planner's uses of a model (stage
 * {@code classify}, {@code plan}, {@code legacy_plan}): every time the deterministic path answered
 * because the model's answer was not used. Every stage and reason is registered at 0 from the start.
 */
public final class MeteredModelFallbacks implements ModelFallbacks {

    public static final String FALLBACKS = "capplanner.llm.fallbacks";

    private final Map<String, Counter> counters = new HashMap<>();

    public MeteredModelFallbacks(MeterRegistry meters) {
        for (Stage stage : Stage.values()) {
            for (Reason reason : Reason.values()) {
                counters.put(key(stage, reason), Counter.builder(FALLBACKS)
                        .description("Uses of a model whose answer was not used: the deterministic path answered")
                        .tag("stage", label(stage)).tag("reason", label(reason)).register(meters));
            }
        }
    }

    @Override
    public void fellBack(Stage stage, Reason reason) {
        counters.get(key(stage, reason)).increment();
    }

    private static String key(Stage stage, Reason reason) {
        return stage + " " + reason;
    }

    private static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
