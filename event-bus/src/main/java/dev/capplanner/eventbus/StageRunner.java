package dev.capplanner.eventbus;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * The Kafka edge of every service, written once. For one incoming record it validates the event
 * against its v1 schema, runs the stage, publishes what the stage emitted (each in order, keyed,
 * with CloudEvents headers and the trace continued), and only then acknowledges the record.
 *
 * <p>A record that is not a valid event, and a record whose processing failed, is nacked with a
 * reason that names the fault and never quotes the payload; the channel's dead-letter-queue failure
 * strategy then forwards it with that reason in {@code dead-letter-reason}, its payload encrypted
 * ({@link dev.capplanner.eventbus.deadletters.DeadLetterEncryptingSerializer}), and the consumer goes
 * on (rule "dead letters carry the reason").
 *
 * <p>A stage that only stores may take a whole poll at once ({@link #runBatch}): the valid events
 * go to the stage together, the invalid ones to the dead letters one by one, and the batch is
 * acknowledged when both are done.
 */
@ApplicationScoped
public class StageRunner {

    private static final Logger LOG = Logger.getLogger(StageRunner.class);

    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());
    private final RunEventRecords records;
    private final RunEventSink sink;
    private final Clock clock;
    private final StageMeters meters;

    public StageRunner(@ConfigProperty(name = "quarkus.application.name") String serviceName, RunEventSink sink,
                       Clock clock, MeterRegistry meters) {
        this.records = new RunEventRecords(serviceName);
        this.sink = sink;
        this.clock = clock;
        this.meters = new StageMeters(meters);
    }

    public <I extends RunEvent> Uni<Void> run(Message<String> record, Class<I> input, RunEventStage<I> stage) {
        EventType type = EventType.ofRecord(input);
        I event;
        try {
            event = admitted(decoder.decode(record.getPayload(), type, input), stage);
        } catch (RejectedEventException e) {
            return reject(record, type, e);
        }
        return applyOne(record, event, type, stage).chain(applied -> applied
                ? Uni.createFrom().completionStage(record.ack()) : Uni.createFrom().voidItem());
    }

    /**
     * A sample event written as this service writes its records and read back as it reads them
     * (JSON, CloudEvents headers, schema validation, decoding), with nothing sent: the codec's
     * start-up warm-up ({@link dev.capplanner.eventbus.warmup.EventCodecWarmUp}).
     */
    public RunEvent rehearse(RunEvent sample) {
        Message<String> record = records.record(sample, Message.of(""));
        return decoder.decode(record.getPayload(), EventType.of(sample), sample.getClass());
    }

    /** One poll of a storing stage's channel (the channel is configured with {@code batch=true}). */
    public <I extends RunEvent> Uni<Void> runBatch(KafkaRecordBatch<String, String> batch, Class<I> input,
                                                   RunEventBatchStage<I> stage) {
        List<Message<String>> records = new ArrayList<>();
        batch.forEach(records::add);
        return runAll(records, () -> Uni.createFrom().completionStage(batch.ack()), input, stage);
    }

    /**
     * The batch's valid events are stored together; when that fails (and the stage has not waited the
     * failure out), each is tried alone so that only the one at fault is dead-lettered. Rejected and
     * failed records are nacked before the batch is acknowledged, so their dead letters are written
     * before the offsets move past them.
     */
    <I extends RunEvent> Uni<Void> runAll(List<Message<String>> records, Supplier<Uni<Void>> acknowledge,
                                          Class<I> input, RunEventBatchStage<I> stage) {
        EventType type = EventType.ofRecord(input);
        // Parsing and validating a poll is CPU work: off the event loop, on as many cores as there are.
        return Uni.createFrom().item(() -> records.parallelStream().map(record -> decoded(record, type, input, stage))
                        .toList())
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(decoded -> {
                    List<Message<String>> accepted = new ArrayList<>();
                    List<I> events = new ArrayList<>();
                    Uni<Void> rejections = Uni.createFrom().voidItem();
                    for (Decoded<I> each : decoded) {
                        if (each.rejection() == null) {
                            accepted.add(each.record());
                            events.add(each.event());
                        } else {
                            rejections = rejections.chain(() -> reject(each.record(), type, each.rejection()));
                        }
                    }
                    return rejections.chain(() -> storeAll(accepted, events, type, stage));
                })
                .chain(() -> acknowledge.get());
    }

    /** One record of a poll: its event, or why it is not one. */
    private record Decoded<I>(Message<String> record, I event, RejectedEventException rejection) {
    }

    private <I extends RunEvent> Decoded<I> decoded(Message<String> record, EventType type, Class<I> input,
                                                    RunEventStage<I> stage) {
        try {
            return new Decoded<>(record, admitted(decoder.decode(record.getPayload(), type, input), stage), null);
        } catch (RejectedEventException e) {
            return new Decoded<>(record, null, e);
        }
    }

    /**
     * The event, unless the stage refuses it (see {@link RunEventStage#refusal}); an event the check
     * itself fails on is refused too, alone, so that it cannot take the rest of its poll down with it.
     */
    private static <I extends RunEvent> I admitted(I event, RunEventStage<I> stage) {
        Optional<String> refusal;
        try {
            refusal = stage.refusal(event);
        } catch (RejectedEventException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new RejectedEventException("cannot be checked: " + e.getClass().getSimpleName());
        }
        refusal.ifPresent(reason -> {
            throw new RejectedEventException(reason);
        });
        return event;
    }

    private <I extends RunEvent> Uni<Void> storeAll(List<Message<String>> records, List<I> events, EventType type,
                                                    RunEventBatchStage<I> stage) {
        if (events.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return timed(type, events.size(), () -> stage.applyAll(List.copyOf(events), new EventStamps(clock)))
                .onFailure().recoverWithUni(failure -> {
                    LOG.warnf("batch_failed type=%s events=%d error=%s (each tried alone)", type.cloudEventType(),
                            events.size(), failure.getClass().getSimpleName());
                    return oneByOne(records, events, type, stage);
                });
    }

    private <I extends RunEvent> Uni<Void> oneByOne(List<Message<String>> records, List<I> events, EventType type,
                                                    RunEventStage<I> stage) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (int i = 0; i < records.size(); i++) {
            Message<String> record = records.get(i);
            I event = events.get(i);
            chain = chain.chain(() -> applyOne(record, event, type, stage).replaceWithVoid());
        }
        return chain;
    }

    /** Runs the stage on one event and publishes what it emitted; false when the record was nacked instead. */
    private <I extends RunEvent> Uni<Boolean> applyOne(Message<String> record, I event, EventType type,
                                                       RunEventStage<I> stage) {
        return timed(type, 1, () -> stage.apply(event, new EventStamps(clock)))
                .chain(emitted -> publishInOrder(emitted, record))
                .replaceWith(true)
                .onFailure().recoverWithUni(failure -> {
                    RejectedEventException rejection = rejectionIn(failure);
                    if (rejection != null) {
                        LOG.warnf("event_rejected type=%s runId=%s reason=%s", type.cloudEventType(),
                                event.run().runId(), rejection.getMessage());
                        Uni<Void> answered = rejection instanceof AnsweredRejection withAnswer
                                ? publishInOrder(withAnswer.answer(), record) : Uni.createFrom().voidItem();
                        return answered.chain(() -> nack(record, type, rejection));
                    }
                    LOG.errorf("event_processing_failed type=%s runId=%s error=%s", type.cloudEventType(),
                            event.run().runId(), failure.getClass().getSimpleName());
                    return nack(record, type, new RejectedEventException(
                            "processing failed: " + failure.getClass().getSimpleName()));
                });
    }

    /** The stage's work, timed per event (a batch's time is shared by its events). */
    private <T> Uni<T> timed(EventType type, int events, Supplier<Uni<T>> work) {
        Timer timer = meters.stage(type);
        return Uni.createFrom().deferred(() -> {
            long started = System.nanoTime();
            return work.get().invoke(() -> {
                long perEvent = (System.nanoTime() - started) / events;
                for (int i = 0; i < events; i++) {
                    timer.record(perEvent, TimeUnit.NANOSECONDS);
                }
            });
        });
    }

    private Uni<Void> reject(Message<String> record, EventType type, RejectedEventException reason) {
        LOG.warnf("event_rejected type=%s reason=%s", type.cloudEventType(), reason.getMessage());
        return nack(record, type, reason).replaceWithVoid();
    }

    private Uni<Boolean> nack(Message<String> record, EventType type, RejectedEventException reason) {
        meters.deadLettered(type, reason.getMessage());
        withoutPlantedDeadLetterHeaders(record);
        return Uni.createFrom().completionStage(record.nack(reason)).replaceWith(false);
    }

    /**
     * The dead letter copies the record's headers after its own, so a sender's own {@code dead-letter-*}
     * headers would come last and pass for the real ones (an operator re-publishing to a planted
     * {@code dead-letter-topic}); and with {@code deserialization-failure-*} headers the connector would
     * write their bytes as the dead letter's value instead of encrypting the record. Both are dropped
     * before the record is dead-lettered.
     */
    private static void withoutPlantedDeadLetterHeaders(Message<String> record) {
        record.getMetadata(IncomingKafkaRecordMetadata.class).ifPresent(kafka -> {
            Set<String> planted = new HashSet<>();
            kafka.getHeaders().forEach(header -> {
                if (header.key().startsWith("dead-letter-") || header.key().startsWith("deserialization-failure-")) {
                    planted.add(header.key());
                }
            });
            planted.forEach(kafka.getHeaders()::remove);
        });
    }

    /** A stage rejects a valid-looking event (e.g. a forged seal) with its own payload-free reason. */
    private static RejectedEventException rejectionIn(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof RejectedEventException rejection) {
                return rejection;
            }
        }
        return null;
    }

    private Uni<Void> publishInOrder(List<RunEvent> emitted, Message<String> cause) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (RunEvent event : emitted) {
            chain = chain.chain(() -> sink.send(records.record(event, cause))
                    .invoke(() -> meters.published(event, clock.instant())));
        }
        return chain;
    }
}
