package dev.capplanner.eventbus;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.eventbus.deadletters.DeadLetterCause;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the Kafka edge measures, for dashboards and alerts (the runbook's "Alerts" names the rules that
 * read each). Every label takes values from a fixed set (event types, causes, outcomes), so no caller's
 * data can grow the number of series.
 */
final class StageMeters {

    /**
     * How long a stage's own logic takes (from its input event to the events it emits, its database
     * and HTTP calls included, Kafka excluded), per consumed event type: what the suite would cost in
     * one JVM without Kafka, beside the turn latency through it.
     */
    static final String STAGE_DURATION = "capplanner.stage.duration";
    /** Records sent to the dead letters, per consumed event type and {@link DeadLetterCause}. */
    static final String DEAD_LETTERS = "capplanner.dead.letters";
    /** A turn from its admission by the snapshot service to its completion, per outcome, Kafka included. */
    static final String TURN_DURATION = "capplanner.turn.duration";
    /** A completion later than this after its admission says the clocks disagree more than a turn lasts. */
    static final Duration LONGEST_TURN = Duration.ofHours(1);

    private final MeterRegistry meters;
    private final Map<EventType, Timer> stageTimers = new ConcurrentHashMap<>();
    private final Map<String, Counter> deadLetters = new ConcurrentHashMap<>();
    private final Map<String, Timer> turnTimers = new ConcurrentHashMap<>();

    StageMeters(MeterRegistry meters) {
        this.meters = meters;
        // Every series at zero from the start: a counter born at 1 shows no increase() to Prometheus, so
        // the first dead letter (a single forged record) would alert nobody.
        for (EventType type : EventType.values()) {
            for (DeadLetterCause cause : DeadLetterCause.values()) {
                deadLetters(type, cause);
            }
        }
    }

    Timer stage(EventType type) {
        return stageTimers.computeIfAbsent(type, t -> Timer.builder(STAGE_DURATION)
                .description("a stage's own logic per consumed event, Kafka excluded")
                .tag("event", t.cloudEventType()).publishPercentiles(0.5, 0.95, 0.99)
                // Buckets as well: Prometheus adds them up across replicas (histogram_quantile), which
                // the per-pod percentiles above cannot be.
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofMinutes(1)).register(meters));
    }

    void deadLettered(EventType type, String reason) {
        deadLetters(type, DeadLetterCause.of(reason)).increment();
    }

    private Counter deadLetters(EventType type, DeadLetterCause cause) {
        return deadLetters.computeIfAbsent(type.cloudEventType() + " " + cause.label(), key -> Counter.builder(DEAD_LETTERS)
                .description("records sent to the dead letters, by the kind of fault")
                .tag("event", type.cloudEventType()).tag("cause", cause.label()).register(meters));
    }

    /**
     * A completion this service published: the turn's latency from its admission, when the run says when
     * that was and the two clocks agree well enough for it to mean something (not negative, within
     * {@link #LONGEST_TURN}).
     */
    void published(RunEvent event, Instant now) {
        if (!(event instanceof TurnCompleted completed) || completed.run().admittedAt() == null) {
            return;
        }
        Duration latency = Duration.between(completed.run().admittedAt(), now);
        if (latency.isNegative() || latency.compareTo(LONGEST_TURN) > 0) {
            return;
        }
        turnTimers.computeIfAbsent(completed.outcome(), outcome -> Timer.builder(TURN_DURATION)
                .description("a turn from its admission to its completion, Kafka included")
                .tag("outcome", outcome).publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(10))
                .maximumExpectedValue(Duration.ofMinutes(2)).register(meters)).record(latency);
    }
}
