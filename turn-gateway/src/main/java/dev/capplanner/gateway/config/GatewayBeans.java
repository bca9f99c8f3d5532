package dev.capplanner.gateway.config;

import dev.capplanner.gateway.kafka.RunEventFeed;
import dev.capplanner.gateway.turns.PendingTurns;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The pending turns and the feed that answers them, started with the application. */
@ApplicationScoped
public class GatewayBeans {

    /** A topic may gain partitions while the gateway runs (scaling the stages out). */
    static final Duration REFRESH_PARTITIONS = Duration.ofMinutes(1);

    @Produces
    @Singleton
    PendingTurns pendingTurns(GatewayConfig config) {
        return new PendingTurns(config.maxPending(), config.maxPendingPerUser());
    }

    /** The Kafka client settings every connector of the application uses ({@code kafka.*}), for the feed's consumer. */
    @Produces
    @Singleton
    RunEventFeed runEventFeed(PendingTurns pending, GatewayConfig config,
                              @Identifier("default-kafka-broker") Map<String, Object> kafka) {
        Map<String, Object> settings = RunEventFeed.consumerSettings(kafka);
        return new RunEventFeed(() -> new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer()),
                pending, config.idleBeforePause(), REFRESH_PARTITIONS);
    }

    void start(@Observes StartupEvent started, RunEventFeed feed) {
        feed.start();
    }

    void stop(@Observes ShutdownEvent stopping, RunEventFeed feed) {
        feed.close();
    }
}
