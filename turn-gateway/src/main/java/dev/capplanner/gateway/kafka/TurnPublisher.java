package dev.capplanner.gateway.kafka;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.eventbus.RunEventSink;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;

/**
 * Puts an HTTP turn on {@code capplanner.turn.requested.v1} exactly as a chat backend would: keyed by
 * its conversation, CloudEvents headers, the caller's principal token in {@code authorization} (the
 * snapshot service verifies it again: the gateway is no authority of its own), in the caller's trace.
 */
@ApplicationScoped
public class TurnPublisher {

    static final String SOURCE = "urn:capplanner:turn-gateway";

    private final RunEventSink sink;

    public TurnPublisher(RunEventSink sink) {
        this.sink = sink;
    }

    /**
     * @param token the caller's principal token
     * @param trace the caller's request's trace context, taken on its thread: the record continues it
     */
    public Uni<Void> publish(TurnRequested turn, String token, Context trace) {
        RecordHeaders headers = new RecordHeaders();
        CloudEventHeaders.of(turn, SOURCE).forEach((name, value) -> headers.add(name, value.getBytes(StandardCharsets.UTF_8)));
        headers.add(PrincipalHeader.NAME, PrincipalHeader.valueOf(token).getBytes(StandardCharsets.UTF_8));
        Metadata metadata = Metadata.of(OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(Topics.TURN_REQUESTED)
                .withKey(turn.run().conversationId())
                .withHeaders(headers)
                .build(), TracingMetadata.withPrevious(trace));
        return sink.send(Message.of(RunEventJson.toJson(turn), metadata));
    }
}
