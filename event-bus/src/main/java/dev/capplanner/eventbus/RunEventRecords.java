package dev.capplanner.eventbus;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.json.RunEventJson;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;

/**
 * The outgoing record of an event: on its type's topic, keyed by conversation id (a conversation's
 * events stay in order on one partition), with CloudEvents 1.0 binary-mode headers, continuing the
 * trace of the record that caused it.
 */
public final class RunEventRecords {

    private final String source;

    /** @param serviceName the producer, written as {@code ce_source = urn:capplanner:<serviceName>} */
    public RunEventRecords(String serviceName) {
        this.source = "urn:capplanner:" + serviceName;
    }

    public Message<String> record(RunEvent event, Message<?> cause) {
        return record(event, cause.getMetadata(TracingMetadata.class), Map.of());
    }

    /**
     * The record of an event that no consumed record caused (a turn taken over HTTP): in the given
     * trace, with headers of its own beside the CloudEvents ones (a turn's principal token).
     */
    public Message<String> record(RunEvent event, TracingMetadata trace, Map<String, String> headers) {
        return record(event, Optional.of(trace), headers);
    }

    private Message<String> record(RunEvent event, Optional<TracingMetadata> trace, Map<String, String> extra) {
        RecordHeaders headers = new RecordHeaders();
        CloudEventHeaders.of(event, source).forEach((name, value) ->
                headers.add(name, value.getBytes(StandardCharsets.UTF_8)));
        extra.forEach((name, value) -> headers.add(name, value.getBytes(StandardCharsets.UTF_8)));
        Metadata metadata = Metadata.of(OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(EventType.of(event).topic())
                .withKey(event.run().conversationId())
                .withHeaders(headers)
                .build());
        if (trace.isPresent()) {
            metadata = metadata.with(trace.get());
        }
        return Message.of(RunEventJson.toJson(event), metadata);
    }
}
