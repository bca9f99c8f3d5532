package dev.capplanner.reports.telemetry;

import dev.capplanner.reports.config.GateConfig;
import dev.capplanner.reports.persistence.ReportAnalytics;
import dev.capplanner.reports.shadow.PromotionGate;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * The promotion gate as a metric, so that an alert can say when a tenant's gate stops passing: every
 * {@code reports.gate.watch-every}, the gate of each tenant with reports in the last
 * {@code reports.gate.watch-window} (the busiest {@code reports.gate.watch-tenants} of them) is evaluated
 * over that window and published as {@code capplanner_promotion_gate_passing{tenant}} (1 or 0); a
 * tenant gone quiet loses its series, and every series goes when an evaluation fails (the report service
 * logs {@code gate_watch_failed}). Each replica evaluates and publishes the same figures (alerts take the
 * max): up to {@code watch-tenants} gate queries per replica and period, one at a time.
 */
@ApplicationScoped
public class GateWatch {

    static final String METRIC = "capplanner.promotion.gate.passing";
    private static final Logger LOG = Logger.getLogger(GateWatch.class);

    private final ReportAnalytics analytics;
    private final GateConfig config;
    private final Clock clock;
    private final MultiGauge passing;
    private final AtomicBoolean running = new AtomicBoolean();

    public GateWatch(ReportAnalytics analytics, GateConfig config, Clock clock, MeterRegistry meters) {
        this.analytics = analytics;
        this.config = config;
        this.clock = clock;
        this.passing = MultiGauge.builder(METRIC)
                .description("1 while the tenant's promotion gate passes over the watched window, else 0")
                .register(meters);
    }

    void watch(@Observes StartupEvent started, Vertx vertx) {
        if (config.watchEvery().isZero()) {
            return;
        }
        vertx.setPeriodic(config.watchEvery().toMillis(), id -> {
            // One evaluation at a time: a slow one is not joined by the next tick's.
            if (!running.compareAndSet(false, true)) {
                return;
            }
            refresh(vertx, clock.instant().minus(config.watchWindow())).subscribe().with(
                    ignored -> running.set(false),
                    failure -> {
                        running.set(false);
                        // No figure rather than an old one: a stale 1 would keep the alert quiet.
                        publish(List.of());
                        LOG.warnf("gate_watch_failed error=%s", failure.getClass().getSimpleName());
                    });
        });
    }

    /**
     * Evaluates the gate of every tenant with reports since {@code from} and publishes the results, on a
     * context of its own (the gate's queries run in a reactive Hibernate session, which needs one).
     */
    public Uni<Void> refresh(Vertx vertx, Instant from) {
        return Uni.createFrom().emitter(done -> {
            Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
            VertxContextSafetyToggle.setContextSafe(context, true);
            context.runOnContext(ignored -> evaluated(from).subscribe().with(done::complete, done::fail));
        });
    }

    private Uni<Void> evaluated(Instant from) {
        return analytics.busiestTenants(from, config.watchTenants())
                .chain(tenants -> Multi.createFrom().iterable(tenants)
                        .onItem().transformToUniAndConcatenate(tenant -> analytics.gate(tenant, from, null,
                                config.goldenConversationPrefix()).map(counts -> PromotionGate.evaluate(tenant,
                                counts, config.minEligibleTurns(), config.minLabelledCases())))
                        .collect().asList())
                .invoke(this::publish).replaceWithVoid();
    }

    /** One series per evaluated tenant; the ones not in {@code evaluations} are removed. */
    void publish(List<PromotionGate.Evaluation> evaluations) {
        passing.register(evaluations.stream().map(evaluation -> MultiGauge.Row.of(
                Tags.of("tenant", evaluation.tenantId()), evaluation.pass() ? 1 : 0)).toList(), true);
    }
}
