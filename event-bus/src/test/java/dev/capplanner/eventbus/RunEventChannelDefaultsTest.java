package dev.capplanner.eventbus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.eventbus.deadletters.DeadLetterEncryptingSerializer;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every consumer reads from the start under its service's group and dead-letters to its service's
 * topic, through the serializer that encrypts the payload.
 */
class RunEventChannelDefaultsTest {

    @Test
    void deadLetterTopicAndGroupFollowTheServiceName() {
        SmallRyeConfig config = config(Map.of("quarkus.application.name", "planner-service"));
        assertThat(config.getValue(RunEventChannelDefaults.CONNECTOR + "dead-letter-queue.topic", String.class))
                .isEqualTo("capplanner.planner-service.dlq.v1");
        assertThat(config.getValue(RunEventChannelDefaults.CONNECTOR + "group.id", String.class))
                .isEqualTo("planner-service");
        assertThat(config.getValue(RunEventChannelDefaults.CONNECTOR + "failure-strategy", String.class))
                .isEqualTo("dead-letter-queue");
        assertThat(config.getValue(RunEventChannelDefaults.CONNECTOR + "auto.offset.reset", String.class))
                .isEqualTo("earliest");
        assertThat(config.getValue(RunEventChannelDefaults.CONNECTOR + "dead-letter-queue.value.serializer",
                String.class)).as("no raw payload on a dead-letter topic")
                .isEqualTo(DeadLetterEncryptingSerializer.class.getName());
        assertThat(config.getValue(RunEventChannelDefaults.CONNECTOR + "poll-timeout", Integer.class))
                .as("a partition's first record waits for the next poll").isEqualTo(100);
    }

    @Test
    void aCrashedConsumersPartitionsMoveWellBeforeTheClientDefaultOf45Seconds() {
        SmallRyeConfig config = config(Map.of("quarkus.application.name", "executor-service"));
        int session = config.getValue(RunEventChannelDefaults.CONNECTOR + "session.timeout.ms", Integer.class);
        int heartbeat = config.getValue(RunEventChannelDefaults.CONNECTOR + "heartbeat.interval.ms", Integer.class);
        assertThat(session).isBetween(6_000, 15_000); // the broker refuses less than 6 s by default
        assertThat(heartbeat).as("three heartbeats per session, as Kafka advises").isLessThanOrEqualTo(session / 3);
    }

    @Test
    void aServicesOwnPropertiesWin() {
        SmallRyeConfig config = config(Map.of("quarkus.application.name", "planner-service",
                RunEventChannelDefaults.CONNECTOR + "auto.offset.reset", "latest"));
        assertThat(config.getValue(RunEventChannelDefaults.CONNECTOR + "auto.offset.reset", String.class))
                .isEqualTo("latest");
    }

    @Test
    void logLinesArePlainUnlessTheDeploymentAsksForJson() {
        SmallRyeConfig plain = new SmallRyeConfigBuilder().withSources(new LogDefaults()).build();
        assertThat(plain.getValue("quarkus.log.console.json.enabled", Boolean.class)).isFalse();
        SmallRyeConfig kubernetes = new SmallRyeConfigBuilder().withSources(new LogDefaults(),
                new io.smallrye.config.EnvConfigSource(Map.of("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "true"), 300))
                .addDefaultInterceptors().build();
        assertThat(kubernetes.getValue("quarkus.log.console.json.enabled", Boolean.class))
                .as("the ConfigMap's environment variable wins").isTrue();
    }

    private static SmallRyeConfig config(Map<String, String> applicationProperties) {
        return new SmallRyeConfigBuilder().addDefaultInterceptors()
                .withSources(new RunEventChannelDefaults(),
                        new PropertiesConfigSource(applicationProperties, "application.properties", 250))
                .build();
    }
}
