package dev.capplanner.eventbus;

import io.smallrye.mutiny.Uni;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Where outgoing records go; completes when the broker has them. */
public interface RunEventSink {

    Uni<Void> send(Message<String> record);
}
