package dev.capplanner.testing.quarkus;

import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import dev.capplanner.testing.kafka.TestDeadLetterKeys;
import dev.capplanner.testing.servers.TestServerChoice;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.testcontainers.kafka.KafkaContainer;

/**
 * Starts a real Kafka broker for a {@code @QuarkusTest} and points the application at it: the
 * embedded KRaft broker, or a Testcontainers one when {@link TestServerChoice} says so. Tests reach
 * it through {@link #bootstrapServers()}. The application encrypts its dead letters under
 * {@link TestDeadLetterKeys}, which the tests' {@link dev.capplanner.testing.kafka.KafkaTestClient} holds.
 */
public class KafkaBrokerTestResource implements QuarkusTestResourceLifecycleManager {

    /** The broker image for Testcontainers, the same Kafka version as the embedded broker and the clients. */
    static final String KAFKA_IMAGE = "apache/kafka:4.1.2";

    private static volatile String bootstrapServers;
    private final StartedServer running = new StartedServer("Kafka test broker");

    @Override
    public Map<String, String> start() {
        if (TestServerChoice.fromEnvironment("kafka").kind() == TestServerChoice.Kind.TESTCONTAINERS) {
            KafkaContainer container = running.track(new KafkaContainer(KAFKA_IMAGE));
            container.start();
            bootstrapServers = container.getBootstrapServers();
        } else {
            bootstrapServers = running.track(EmbeddedKafkaBroker.start()).bootstrapServers();
        }
        Map<String, String> config = new java.util.HashMap<>(TestDeadLetterKeys.config());
        config.put("kafka.bootstrap.servers", bootstrapServers);
        return config;
    }

    @Override
    public void stop() {
        running.stop();
        bootstrapServers = null;
    }

    public static String bootstrapServers() {
        if (bootstrapServers == null) {
            throw new IllegalStateException("the Kafka test resource is not started");
        }
        return bootstrapServers;
    }
}
