package dev.capplanner.eventbus;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.json.RunEventJson;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;

/**
 * Outbound edge of every service: the record key is the conversation id (so a conversation's
 * events stay in order on one partition), CloudEvents 1.0 binary-mode headers describe the event,
 * and the trace context of the record that caused it continues in the {@code traceparent} header.
 */
@ApplicationScoped
public class RunEventOutbox {

    private final String source;

    public RunEventOutbox(@ConfigProperty(name = "quarkus.application.name") String serviceName) {
        this.source = "urn:capplanner:" + serviceName;
    }

    public Message<String> message(RunEvent event, Message<?> cause) {
        RecordHeaders headers = new RecordHeaders();
        CloudEventHeaders.of(event, source).forEach((name, value) ->
                headers.add(name, value.getBytes(StandardCharsets.UTF_8)));
        OutgoingKafkaRecordMetadata<String> kafka = OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(EventType.of(event).topic())
                .withKey(event.run().conversationId())
                .withHeaders(headers)
                .build();
        Metadata metadata = Metadata.of(kafka);
        if (cause != null) {
            var tracing = cause.getMetadata(TracingMetadata.class);
            if (tracing.isPresent()) {
                metadata = metadata.with(tracing.get());
            }
        }
        return Message.of(RunEventJson.toJson(event), metadata);
    }
}
