package dev.capplanner.router.telemetry;

import dev.capplanner.router.routing.llm.RouteFallbacks;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code capplanner_llm_fallbacks_total{stage="route", reason}}: every route the deterministic router
 * gave because the model's was not used. Each reason is registered at 0 from the start, so that a rate
 * over it exists before the first fallback.
 */
public final class MeteredRouteFallbacks implements RouteFallbacks {

    public static final String FALLBACKS = "capplanner.llm.fallbacks";

    private final Map<Reason, Counter> counters = new EnumMap<>(Reason.class);

    public MeteredRouteFallbacks(MeterRegistry meters) {
        for (Reason reason : Reason.values()) {
            counters.put(reason, Counter.builder(FALLBACKS)
                    .description("Uses of a model whose answer was not used: the deterministic path answered")
                    .tag("stage", "route").tag("reason", reason.name().toLowerCase(Locale.ROOT)).register(meters));
        }
    }

    @Override
    public void fellBack(Reason reason) {
        counters.get(reason).increment();
    }
}
