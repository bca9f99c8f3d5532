package dev.capplanner.eventbus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.RejectedEventException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.junit.jupiter.api.Test;

/** The Kafka edge on in-memory messages: acknowledgement, dead-letter reasons, records, trace, clock. */
class StageRunnerTest {

    static final Instant NOW = Instant.parse("2026-11-30T12:00:00.123456Z");
    static final RunContext RUN = new RunContext("run-1", "turn-1", 0, "acme", "support-desk", "conv-1",
            new Principal("u-1", List.of("support-agent")));
    static final TurnRequested TURN = new TurnRequested("v1", "e-in", Instant.parse("2026-11-30T11:59:00Z"), RUN,
            "Where is order O-5002?", List.of(), null);

    final List<Message<String>> sent = new ArrayList<>();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final StageRunner runner = new StageRunner("test-service", record -> {
        sent.add(record);
        return Uni.createFrom().voidItem();
    }, Clock.fixed(NOW, ZoneOffset.UTC), meters);

    final AtomicInteger acks = new AtomicInteger();
    final AtomicReference<Throwable> nack = new AtomicReference<>();

    @Test
    void aRehearsalReadsEverySampleEventBackAsWrittenAndSendsNothing() {
        for (dev.capplanner.contracts.events.RunEvent sample : dev.capplanner.contracts.SampleEvents.all()) {
            assertThat(runner.rehearse(sample)).isEqualTo(sample);
        }
        assertThat(sent).isEmpty();
        assertThat(meters.find(StageMeters.STAGE_DURATION).timers()).as("no stage time recorded").isEmpty();
        assertThat(meters.find(StageMeters.DEAD_LETTERS).counters()).allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void validEventRunsTheStagePublishesItsEventsInOrderThenAcks() {
        List<String> seen = new ArrayList<>();
        run(json(TURN), Metadata.empty(), (turn, stamps) -> {
            seen.add(turn.question());
            return Uni.createFrom().item(List.of(built(turn, stamps.next()), built(turn, stamps.next())));
        });
        assertThat(seen).containsExactly("Where is order O-5002?");
        assertThat(sent).hasSize(2);
        assertThat(acks).hasValue(1);
        assertThat(nack.get()).isNull();
        OutgoingKafkaRecordMetadata<?> kafka = outgoing(sent.get(0));
        assertThat(kafka.getTopic()).isEqualTo(Topics.SNAPSHOT_BUILT);
        assertThat(kafka.getKey()).isEqualTo("conv-1");
        assertThat(header(kafka, CloudEventHeaders.SOURCE)).isEqualTo("urn:capplanner:test-service");
        assertThat(header(kafka, CloudEventHeaders.TYPE)).isEqualTo("dev.capplanner.snapshot.built.v1");
        assertThat(header(kafka, CloudEventHeaders.SUBJECT)).isEqualTo("run-1");
    }

    @Test
    void theStagesOwnTimeIsMeasuredPerConsumedEventType() {
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().item(List.<RunEvent>of())
                .onItem().delayIt().by(java.time.Duration.ofMillis(30)));
        runBatch(List.of(record(json(TURN), new AtomicReference<>()), record(json(turn("run-2", "Where is O-5003?")),
                new AtomicReference<>())), new StoringStage(new ArrayList<>(), List.of()));
        io.micrometer.core.instrument.Timer timer = meters.get(StageMeters.STAGE_DURATION)
                .tag("event", "dev.capplanner.turn.requested.v1").timer();
        assertThat(timer.count()).as("one single event and a batch of two").isEqualTo(3);
        assertThat(timer.max(java.util.concurrent.TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(30);
    }

    @Test
    void theStagesTimeIsScrapedAsPerPodPercentilesAndAsBucketsPrometheusAddsUpAcrossReplicas() {
        var prometheus = new io.micrometer.prometheus.PrometheusMeterRegistry(
                io.micrometer.prometheus.PrometheusConfig.DEFAULT);
        StageRunner scraped = new StageRunner("test-service", record -> Uni.createFrom().voidItem(),
                Clock.fixed(NOW, ZoneOffset.UTC), prometheus);
        scraped.run(record(json(TURN), new AtomicReference<>()), TurnRequested.class,
                (turn, stamps) -> Uni.createFrom().item(List.<RunEvent>of())).await().indefinitely();
        String scrape = prometheus.scrape();
        assertThat(scrape).contains("capplanner_stage_duration_seconds{event=\"dev.capplanner.turn.requested.v1\","
                + "quantile=\"0.95\",}");
        assertThat(scrape).contains("capplanner_stage_duration_seconds_bucket{event=\"dev.capplanner.turn.requested.v1\","
                + "le=\"+Inf\",} 1.0");
        assertThat(scrape.lines().filter(line -> line.startsWith("capplanner_stage_duration_seconds_bucket")).count())
                .as("buckets from 1 ms to 1 min").isGreaterThan(10);
    }

    @Test
    void deadLettersAreCountedByConsumedEventAndKindOfFaultNeverByReason() {
        assertThat(deadLetters("untrusted")).as("at zero before the first, so that its increase shows").isZero();
        run(json(TURN).replace("\"tenantId\":\"acme\",", ""), Metadata.empty(),
                (turn, stamps) -> Uni.createFrom().item(List.of()));
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().failure(
                new RejectedEventException("untrusted snapshot: snapshot seal names an unknown key")));
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().failure(
                new RejectedEventException("untrusted plan: forged seal")));
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().failure(new IllegalStateException("db")));
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().failure(new AnsweredRejection(
                "turn not authenticated: token expired", List.of())));

        assertThat(deadLetters("invalid")).isEqualTo(1);
        assertThat(deadLetters("untrusted")).as("seal failures, whatever their subject").isEqualTo(2);
        assertThat(deadLetters("failed")).isEqualTo(1);
        assertThat(deadLetters("unauthenticated")).isEqualTo(1);
        assertThat(meters.find(StageMeters.DEAD_LETTERS).counters()).as("one series per event and kind, no reason label")
                .hasSize(dev.capplanner.contracts.EventType.values().length
                        * dev.capplanner.eventbus.deadletters.DeadLetterCause.values().length)
                .allSatisfy(counter -> assertThat(counter.getId().getTags()).extracting("key")
                        .containsExactlyInAnyOrder("event", "cause"));
        assertThat(meters.find(StageMeters.DEAD_LETTERS).tag("cause", "refused").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void aCompletionIsTimedFromTheTurnsAdmissionByOutcome() {
        RunContext admitted = RUN.admitted(NOW.minusMillis(2_500));
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().item(List.of(
                completed(admitted, "answered", stamps.next()), completed(RUN, "answered", stamps.next()),
                completed(RUN.admitted(NOW.plusSeconds(5)), "failed", stamps.next()),
                completed(RUN.admitted(NOW.minus(java.time.Duration.ofHours(2))), "failed", stamps.next()))));

        io.micrometer.core.instrument.Timer answered = meters.get(StageMeters.TURN_DURATION).tag("outcome", "answered")
                .timer();
        assertThat(answered.count()).as("a run without an admission time is not timed").isEqualTo(1);
        assertThat(answered.totalTime(java.util.concurrent.TimeUnit.MILLISECONDS)).isEqualTo(2_500);
        assertThat(meters.find(StageMeters.TURN_DURATION).tag("outcome", "failed").timer())
                .as("an admission in the future or hours ago says the clocks disagree: not a latency").isNull();
    }

    private static RunEvent completed(RunContext run, String outcome, EventStamps.Stamp stamp) {
        return new dev.capplanner.contracts.events.TurnCompleted("v1", stamp.eventId(), stamp.occurredAt(), run,
                outcome, "done", List.of());
    }

    private double deadLetters(String cause) {
        return meters.get(StageMeters.DEAD_LETTERS).tag("event", "dev.capplanner.turn.requested.v1").tag("cause", cause)
                .counter().count();
    }

    @Test
    void emittedEventsAreStampedFromTheServiceClockWithFreshIds() {
        run(json(TURN), Metadata.empty(), (turn, stamps) ->
                Uni.createFrom().item(List.of(built(turn, stamps.next()), built(turn, stamps.next()))));
        SnapshotBuilt first = RunEventJson.fromJson(sent.get(0).getPayload(), SnapshotBuilt.class);
        SnapshotBuilt second = RunEventJson.fromJson(sent.get(1).getPayload(), SnapshotBuilt.class);
        assertThat(first.occurredAt()).isEqualTo(Instant.parse("2026-11-30T12:00:00.123Z"));
        assertThat(first.eventId()).isNotEqualTo(second.eventId()).isNotEqualTo(TURN.eventId());
        assertThat(header(outgoing(sent.get(0)), CloudEventHeaders.TIME)).isEqualTo("2026-11-30T12:00:00.123Z");
        assertThat(header(outgoing(sent.get(0)), CloudEventHeaders.ID)).isEqualTo(first.eventId());
    }

    @Test
    void theTraceOfTheConsumedRecordContinuesOnEveryEmittedRecord() {
        TracingMetadata trace = TracingMetadata.withPrevious(Context.root());
        run(json(TURN), Metadata.of(trace), (turn, stamps) -> Uni.createFrom().item(List.of(built(turn, stamps.next()))));
        assertThat(sent.get(0).getMetadata(TracingMetadata.class)).containsSame(trace);
    }

    @Test
    void invalidRecordIsNackedWithItsReasonAndTheStageNeverRuns() {
        AtomicInteger calls = new AtomicInteger();
        run(json(TURN).replace("\"tenantId\":\"acme\",", ""), Metadata.empty(), (turn, stamps) -> {
            calls.incrementAndGet();
            return Uni.createFrom().item(List.of());
        });
        assertThat(calls).hasValue(0);
        assertThat(sent).isEmpty();
        assertThat(acks).hasValue(0);
        assertThat(nack.get()).hasMessage(
                "schema violation against turn-requested.json: /run: Instance does not have required property \"tenantId\"");
    }

    @Test
    void reasonNamesTheFaultNeverThePayload() {
        run("{\"secret\":\"riccardo@example.com\"", Metadata.empty(), (turn, stamps) -> Uni.createFrom().item(List.of()));
        assertThat(nack.get()).hasMessage("invalid JSON: not a JSON object");
    }

    @Test
    void failedStageIsNackedAsAProcessingFailureAndPublishesNothing() {
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().failure(new IllegalStateException("db")));
        assertThat(sent).isEmpty();
        assertThat(acks).hasValue(0);
        assertThat(nack.get()).hasMessage("processing failed: IllegalStateException");
    }

    @Test
    void aStagesOwnRejectionKeepsItsReasonEvenWhenWrapped() {
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().failure(
                new java.util.concurrent.CompletionException(new RejectedEventException("untrusted plan: forged seal"))));
        assertThat(sent).isEmpty();
        assertThat(acks).hasValue(0);
        assertThat(nack.get()).hasMessage("untrusted plan: forged seal");
    }

    @Test
    void anAnsweredRejectionPublishesItsAnswerThenDeadLettersTheRecordWithItsReason() {
        run(json(TURN), Metadata.empty(), (turn, stamps) -> Uni.createFrom().failure(new AnsweredRejection(
                "turn not authenticated: token expired", List.of(built(turn, stamps.next())))));
        assertThat(sent).as("the sender hears back").hasSize(1);
        assertThat(outgoing(sent.get(0)).getKey()).isEqualTo("conv-1");
        assertThat(acks).hasValue(0);
        assertThat(nack.get()).hasMessage("turn not authenticated: token expired");
    }

    @Test
    void failedPublishIsNackedSoTheRecordIsNotLost() {
        StageRunner brokerDown = new StageRunner("test-service",
                record -> Uni.createFrom().failure(new java.io.IOException("broker unreachable")),
                Clock.fixed(NOW, ZoneOffset.UTC), meters);
        Message<String> record = record(json(TURN), Metadata.empty());
        brokerDown.run(record, TurnRequested.class, (turn, stamps) ->
                Uni.createFrom().item(List.of(built(turn, stamps.next())))).await().indefinitely();
        assertThat(acks).hasValue(0);
        assertThat(nack.get()).hasMessage("processing failed: IOException");
    }

    @Test
    void aBatchStoresItsValidEventsTogetherDeadLettersTheInvalidOnesAndIsAcknowledgedOnce() {
        List<List<String>> batches = new ArrayList<>();
        List<AtomicReference<Throwable>> nacks = List.of(new AtomicReference<>(), new AtomicReference<>(),
                new AtomicReference<>());
        List<Message<String>> records = List.of(record(json(TURN), nacks.get(0)),
                record(json(TURN).replace("\"tenantId\":\"acme\",", ""), nacks.get(1)),
                record(json(turn("run-2", "Where is order O-5003?")), nacks.get(2)));
        runBatch(records, new StoringStage(batches, List.of()));
        assertThat(batches).containsExactly(List.of("Where is order O-5002?", "Where is order O-5003?"));
        assertThat(nacks.get(1).get()).hasMessageContaining("schema violation against turn-requested.json");
        assertThat(nacks.get(0).get()).isNull();
        assertThat(nacks.get(2).get()).isNull();
        assertThat(acks).as("the batch, once").hasValue(1);
    }

    @Test
    void aBatchThatFailsIsTriedEventByEventSoOnlyTheFaultyOneIsDeadLettered() {
        List<List<String>> batches = new ArrayList<>();
        List<AtomicReference<Throwable>> nacks = List.of(new AtomicReference<>(), new AtomicReference<>());
        StoringStage stage = new StoringStage(batches, List.of("Where is order O-5003?"));
        runBatch(List.of(record(json(TURN), nacks.get(0)), record(json(turn("run-2", "Where is order O-5003?")),
                nacks.get(1))), stage);
        assertThat(batches).as("the batch failed as a whole").isEmpty();
        assertThat(stage.storedAlone).containsExactly("Where is order O-5002?");
        assertThat(nacks.get(0).get()).isNull();
        assertThat(nacks.get(1).get()).hasMessage("processing failed: IllegalArgumentException");
        assertThat(acks).hasValue(1);
    }

    @Test
    void aBatchOfOnlyInvalidRecordsNeverReachesTheStage() {
        List<List<String>> batches = new ArrayList<>();
        AtomicReference<Throwable> reason = new AtomicReference<>();
        runBatch(List.of(record("not json", reason)), new StoringStage(batches, List.of()));
        assertThat(batches).isEmpty();
        assertThat(reason.get()).hasMessage("invalid JSON: not a JSON object");
        assertThat(acks).hasValue(1);
    }

    @Test
    void aRecordTheStageRefusesIsDeadLetteredWithItsReasonWhileTheRestOfItsBatchIsStoredTogether() {
        List<List<String>> batches = new ArrayList<>();
        List<AtomicReference<Throwable>> nacks = List.of(new AtomicReference<>(), new AtomicReference<>(),
                new AtomicReference<>());
        StoringStage stage = new StoringStage(batches, List.of(), "run-forged");
        runBatch(List.of(record(json(TURN), nacks.get(0)), record(json(turn("run-forged", "Where is order O-5003?")),
                nacks.get(1)), record(json(turn("run-2", "Where is order O-5004?")), nacks.get(2))), stage);
        assertThat(batches).as("one statement for the admitted events, no retry one by one")
                .containsExactly(List.of("Where is order O-5002?", "Where is order O-5004?"));
        assertThat(stage.storedAlone).isEmpty();
        assertThat(nacks.get(1).get()).hasMessage("untrusted test event: run-forged is not sealed");
        assertThat(nacks.get(0).get()).isNull();
        assertThat(nacks.get(2).get()).isNull();
        assertThat(acks).hasValue(1);
    }

    @Test
    void aRecordTheCheckFailsOnIsDeadLetteredAloneAndTheRestOfItsBatchIsStored() {
        List<List<String>> batches = new ArrayList<>();
        List<AtomicReference<Throwable>> nacks = List.of(new AtomicReference<>(), new AtomicReference<>());
        StoringStage stage = new StoringStage(batches, List.of(), "run-unreadable") {
            @Override
            public Optional<String> refusal(TurnRequested event) {
                if (event.run().runId().equals("run-unreadable")) {
                    throw new IllegalStateException("document nested too deep");
                }
                return Optional.empty();
            }
        };
        runBatch(List.of(record(json(turn("run-unreadable", "Where is order O-5003?")), nacks.get(0)),
                record(json(TURN), nacks.get(1))), stage);
        assertThat(nacks.get(0).get()).hasMessage("cannot be checked: IllegalStateException");
        assertThat(nacks.get(1).get()).isNull();
        assertThat(batches).containsExactly(List.of("Where is order O-5002?"));
    }

    @Test
    void aSingleRecordTheStageRefusesNeverRunsTheStage() {
        List<String> ran = new ArrayList<>();
        RunEventStage<TurnRequested> refusing = new RunEventStage<>() {
            @Override
            public Uni<List<RunEvent>> apply(TurnRequested event, EventStamps stamps) {
                ran.add(event.question());
                return Uni.createFrom().item(List.of());
            }

            @Override
            public Optional<String> refusal(TurnRequested event) {
                return Optional.of("untrusted test event");
            }
        };
        run(json(TURN), Metadata.empty(), refusing);
        assertThat(ran).isEmpty();
        assertThat(sent).isEmpty();
        assertThat(acks).hasValue(0);
        assertThat(nack.get()).hasMessage("untrusted test event");
    }

    /** Stores questions; a batch holding one of the refused questions fails whole, as a database constraint would. */
    private static class StoringStage implements RunEventBatchStage<TurnRequested> {
        final List<List<String>> batches;
        final List<String> refused;
        final String unsealedRun;
        final List<String> storedAlone = new ArrayList<>();

        StoringStage(List<List<String>> batches, List<String> refused) {
            this(batches, refused, null);
        }

        StoringStage(List<List<String>> batches, List<String> refused, String unsealedRun) {
            this.batches = batches;
            this.refused = refused;
            this.unsealedRun = unsealedRun;
        }

        @Override
        public Optional<String> refusal(TurnRequested event) {
            return event.run().runId().equals(unsealedRun)
                    ? Optional.of("untrusted test event: " + unsealedRun + " is not sealed")
                    : Optional.empty();
        }

        @Override
        public Uni<Void> applyAll(List<TurnRequested> events, EventStamps stamps) {
            List<String> questions = events.stream().map(TurnRequested::question).toList();
            if (questions.stream().anyMatch(refused::contains)) {
                return Uni.createFrom().failure(new IllegalArgumentException("refused"));
            }
            batches.add(questions);
            return Uni.createFrom().voidItem();
        }

        @Override
        public Uni<List<RunEvent>> apply(TurnRequested event, EventStamps stamps) {
            if (refused.contains(event.question())) {
                return Uni.createFrom().failure(new IllegalArgumentException("refused"));
            }
            storedAlone.add(event.question());
            return Uni.createFrom().item(List.of());
        }
    }

    private void runBatch(List<Message<String>> records, RunEventBatchStage<TurnRequested> stage) {
        runner.runAll(records, () -> {
            acks.incrementAndGet();
            return Uni.createFrom().voidItem();
        }, TurnRequested.class, stage).await().indefinitely();
    }

    private static Message<String> record(String payload, AtomicReference<Throwable> nacked) {
        return Message.of(payload, Metadata.empty(), () -> CompletableFuture.completedFuture(null), reason -> {
            nacked.set(reason);
            return CompletableFuture.completedFuture(null);
        });
    }

    private static TurnRequested turn(String runId, String question) {
        RunContext run = new RunContext(runId, "turn-" + runId, 0, "acme", "support-desk", "conv-1",
                new Principal("u-1", List.of("support-agent")));
        return new TurnRequested("v1", "e-" + runId, Instant.parse("2026-11-30T11:59:00Z"), run, question, List.of(),
                null);
    }

    private void run(String payload, Metadata metadata, RunEventStage<TurnRequested> stage) {
        runner.run(record(payload, metadata), TurnRequested.class, stage).await().indefinitely();
    }

    private Message<String> record(String payload, Metadata metadata) {
        return Message.of(payload, metadata, () -> {
            acks.incrementAndGet();
            return CompletableFuture.completedFuture(null);
        }, reason -> {
            nack.set(reason);
            return CompletableFuture.completedFuture(null);
        });
    }

    private static RunEvent built(TurnRequested turn, EventStamps.Stamp stamp) {
        return new SnapshotBuilt("v1", stamp.eventId(), stamp.occurredAt(), turn.run(), turn.question(), List.of(),
                null, new SnapshotRef("sha256:" + "0".repeat(64), 2, 0, "acme", "support-desk",
                        "hmac-sha256:test:" + "A".repeat(43)), List.of());
    }

    private static String json(RunEvent event) {
        return RunEventJson.toJson(event);
    }

    private static OutgoingKafkaRecordMetadata<?> outgoing(Message<String> record) {
        return record.getMetadata(OutgoingKafkaRecordMetadata.class).orElseThrow();
    }

    private static String header(OutgoingKafkaRecordMetadata<?> kafka, String name) {
        return new String(kafka.getHeaders().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
