package dev.capplanner.testing.quarkus;

import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts a real embedded Kafka broker for a {@code @QuarkusTest} and points the application at it.
 * Tests reach it through {@link #bootstrapServers()}.
 */
public class KafkaBrokerTestResource implements QuarkusTestResourceLifecycleManager {

    private static volatile EmbeddedKafkaBroker broker;

    @Override
    public Map<String, String> start() {
        broker = EmbeddedKafkaBroker.start();
        return Map.of("kafka.bootstrap.servers", broker.bootstrapServers());
    }

    @Override
    public void stop() {
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    public static String bootstrapServers() {
        if (broker == null) {
            throw new IllegalStateException("the Kafka test resource is not started");
        }
        return broker.bootstrapServers();
    }
}
