package dev.capplanner.router.telemetry;

import dev.capplanner.router.discovery.DiscoveryEvent;
import dev.capplanner.router.discovery.DiscoveryOffer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The {@code tool_discovery} log event and metrics, for discovery previews and routed turns alike.
 * Everything recorded comes from the offer (names, counts, limits, latency), never the question.
 */
@ApplicationScoped
public class DiscoveryTelemetry {

    private static final Logger LOG = Logger.getLogger(DiscoveryTelemetry.class);

    private final MeterRegistry metrics;

    public DiscoveryTelemetry(MeterRegistry metrics) {
        this.metrics = metrics;
    }

    public void record(DiscoveryOffer offer) {
        LOG.info(DiscoveryEvent.line(offer));
        Timer.builder("capplanner.tool.discovery").description("Tool discovery offers and routed turns")
                .tag("channel", offer.channel()).tag("strategy", offer.strategy()).tag("mode", offer.executionMode())
                .register(metrics).record((long) (offer.latencyMs() * 1_000_000), TimeUnit.NANOSECONDS);
        metrics.summary("capplanner.tool.discovery.selected", "channel", offer.channel()).record(offer.candidates().size());
    }
}
