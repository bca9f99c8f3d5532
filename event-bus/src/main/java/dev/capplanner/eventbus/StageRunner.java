package dev.capplanner.eventbus;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
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
 * strategy then forwards it unchanged with that reason in {@code dead-letter-reason}, and the
 * consumer goes on (rule "dead letters carry the reason").
 */
@ApplicationScoped
public class StageRunner {

    private static final Logger LOG = Logger.getLogger(StageRunner.class);

    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());
    private final RunEventRecords records;
    private final RunEventSink sink;
    private final Clock clock;

    public StageRunner(@ConfigProperty(name = "quarkus.application.name") String serviceName, RunEventSink sink,
                       Clock clock) {
        this.records = new RunEventRecords(serviceName);
        this.sink = sink;
        this.clock = clock;
    }

    public <I extends RunEvent> Uni<Void> run(Message<String> record, Class<I> input, RunEventStage<I> stage) {
        EventType type = EventType.ofRecord(input);
        I event;
        try {
            event = decoder.decode(record.getPayload(), type, input);
        } catch (RejectedEventException e) {
            LOG.warnf("event_rejected type=%s reason=%s", type.cloudEventType(), e.getMessage());
            return Uni.createFrom().completionStage(record.nack(e));
        }
        return Uni.createFrom().deferred(() -> stage.apply(event, new EventStamps(clock)))
                .chain(emitted -> publishInOrder(emitted, record))
                .chain(() -> Uni.createFrom().completionStage(record.ack()))
                .onFailure().recoverWithUni(failure -> {
                    RejectedEventException rejection = rejectionIn(failure);
                    if (rejection != null) {
                        LOG.warnf("event_rejected type=%s runId=%s reason=%s", type.cloudEventType(),
                                event.run().runId(), rejection.getMessage());
                        return Uni.createFrom().completionStage(record.nack(rejection));
                    }
                    LOG.errorf("event_processing_failed type=%s runId=%s error=%s", type.cloudEventType(),
                            event.run().runId(), failure.getClass().getSimpleName());
                    return Uni.createFrom().completionStage(record.nack(new RejectedEventException(
                            "processing failed: " + failure.getClass().getSimpleName())));
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
            chain = chain.chain(() -> sink.send(records.record(event, cause)));
        }
        return chain;
    }
}
