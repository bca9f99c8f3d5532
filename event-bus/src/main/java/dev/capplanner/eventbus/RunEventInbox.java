package dev.capplanner.eventbus;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Function;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * Inbound edge of every service: validates the record against its v1 schema, hands the event to
 * the service, and acknowledges only when the service is done. A bad record is nacked with its
 * reason; the channel's {@code dead-letter-queue} failure strategy then forwards it unchanged with
 * that reason in the {@code dead-letter-reason} header, and the consumer goes on.
 */
@ApplicationScoped
public class RunEventInbox {

    private static final Logger LOG = Logger.getLogger(RunEventInbox.class);

    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());

    public <T extends RunEvent> Uni<Void> handle(Message<String> record, EventType type, Class<T> recordType,
                                                 Function<T, Uni<Void>> work) {
        T event;
        try {
            event = decoder.decode(record.getPayload(), type, recordType);
        } catch (RejectedEventException e) {
            // The reason names the fault, never the payload, so it is safe to log.
            LOG.warnf("event_rejected type=%s reason=%s", type.cloudEventType(), e.getMessage());
            return Uni.createFrom().completionStage(record.nack(e));
        }
        return Uni.createFrom().deferred(() -> work.apply(event))
                .onItem().transformToUni(done -> Uni.createFrom().completionStage(record.ack()))
                .onFailure().recoverWithUni(failure -> {
                    LOG.errorf("event_processing_failed type=%s runId=%s error=%s", type.cloudEventType(),
                            event.run().runId(), failure.getClass().getSimpleName());
                    return Uni.createFrom().completionStage(record.nack(new RejectedEventException(
                            "processing failed: " + failure.getClass().getSimpleName())));
                });
    }
}
