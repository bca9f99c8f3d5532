package dev.capplanner.eventbus;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.EventSchemas;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
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
        EventType type = EventType.of(event);
        RecordHeaders headers = new RecordHeaders();
        header(headers, CloudEventHeaders.SPEC_VERSION, CloudEventHeaders.SPEC_VERSION_VALUE);
        header(headers, CloudEventHeaders.ID, event.eventId());
        header(headers, CloudEventHeaders.TYPE, type.cloudEventType());
        header(headers, CloudEventHeaders.SOURCE, source);
        header(headers, CloudEventHeaders.SUBJECT, event.run().runId());
        header(headers, CloudEventHeaders.TIME, DateTimeFormatter.ISO_INSTANT.format(event.occurredAt()));
        header(headers, CloudEventHeaders.DATA_SCHEMA, EventSchemas.uri(type.schemaFile()));
        header(headers, CloudEventHeaders.CONTENT_TYPE, CloudEventHeaders.JSON);
        OutgoingKafkaRecordMetadata<String> kafka = OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(type.topic())
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

    private static void header(RecordHeaders headers, String name, String value) {
        headers.add(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
