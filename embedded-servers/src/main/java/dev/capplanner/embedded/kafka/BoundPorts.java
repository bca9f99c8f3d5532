package dev.capplanner.embedded.kafka;

import kafka.server.BrokerServer;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.network.ListenerName;
import scala.Option;

/**
 * The port the client listener actually bound. {@link KafkaRaftServer} keeps its broker private,
 * so it is read reflectively; the broker version is pinned to the client's, and
 * {@code EmbeddedServersTest} fails at once if this ever stops working.
 */
final class BoundPorts {

    static final String CLIENT_LISTENER = "PLAINTEXT";

    private BoundPorts() {
    }

    static int clientPort(KafkaRaftServer server) {
        try {
            var field = KafkaRaftServer.class.getDeclaredField("broker");
            field.setAccessible(true);
            Option<?> broker = (Option<?>) field.get(server);
            return ((BrokerServer) broker.get()).boundPort(ListenerName.normalised(CLIENT_LISTENER));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot read the Kafka broker's bound port", e);
        }
    }
}
