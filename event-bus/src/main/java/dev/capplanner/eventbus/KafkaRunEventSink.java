package dev.capplanner.eventbus;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * One outgoing channel for every event a service emits: each record names its own topic
 * ({@link RunEventRecords}), so no service configures an outgoing topic.
 */
@ApplicationScoped
public class KafkaRunEventSink implements RunEventSink {

    /** The outgoing channel; its records carry their topic, so the channel's own topic is never used. */
    public static final String CHANNEL = "capplanner-run-events";

    private final MutinyEmitter<String> emitter;

    public KafkaRunEventSink(@Channel(CHANNEL) MutinyEmitter<String> emitter) {
        this.emitter = emitter;
    }

    @Override
    public Uni<Void> send(Message<String> record) {
        return emitter.sendMessage(record);
    }
}
