package dev.capplanner.gateway.kafka;

import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.eventbus.RunEventRecords;
import dev.capplanner.eventbus.RunEventSink;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.TracingMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * Puts an HTTP turn on {@code capplanner.turn.requested.v1} exactly as a chat backend would: keyed by
 * its conversation, CloudEvents headers, the caller's principal token in {@code authorization} (the
 * snapshot service verifies it again: the gateway is no authority of its own), in the caller's trace.
 */
@ApplicationScoped
public class TurnPublisher {

    private final RunEventSink sink;
    private final RunEventRecords records = new RunEventRecords("turn-gateway");

    public TurnPublisher(RunEventSink sink) {
        this.sink = sink;
    }

    /**
     * @param token the caller's principal token
     * @param trace the caller's request's trace context, taken on its thread: the record continues it
     */
    public Uni<Void> publish(TurnRequested turn, String token, Context trace) {
        return sink.send(records.record(turn, TracingMetadata.withPrevious(trace),
                Map.of(PrincipalHeader.NAME, PrincipalHeader.valueOf(token))));
    }
}
