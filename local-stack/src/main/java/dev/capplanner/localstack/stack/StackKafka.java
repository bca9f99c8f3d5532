package dev.capplanner.localstack.stack;

import dev.capplanner.contracts.Topics;
import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;

/** The Kafka the stack runs on: its own broker process, or one it was pointed at ({@link ExternalServers}). */
interface StackKafka extends AutoCloseable {

    String bootstrapServers();

    default Admin admin() {
        return EmbeddedKafkaBroker.admin(bootstrapServers());
    }

    /**
     * Creates the topics with this many partitions each, unless they exist, and gives each the
     * settings of the contract ({@link Topics#configOf}: a chat backend's topics gzip-compressed).
     */
    default void createTopics(List<String> topics, int partitions) {
        try (Admin admin = admin()) {
            EmbeddedKafkaBroker.createTopics(admin, topics, partitions, Topics::configOf);
        }
    }

    /** Stops the broker and starts it again after {@code down} (a fault only the stack's own broker takes). */
    void restart(Duration down) throws InterruptedException;

    @Override
    void close();

    /** A broker the stack neither started nor stops. */
    static StackKafka external(String bootstrapServers) {
        return new StackKafka() {
            @Override
            public String bootstrapServers() {
                return bootstrapServers;
            }

            @Override
            public void restart(Duration down) {
                throw new UnsupportedOperationException("restarting the broker needs the stack's own broker"
                        + " (no --kafka-bootstrap)");
            }

            @Override
            public void close() {
                // Not the stack's to stop.
            }
        };
    }
}
