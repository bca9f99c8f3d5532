package dev.capplanner.contracts;

import java.util.List;
import java.util.Map;

/**
 * The v1 Kafka topic names, as constants so that a consumer can name its topic in an annotation.
 * {@link EventType} is the one place that ties each topic to its event; a topic carries the
 * major version so that a v2 can run beside v1 during a migration.
 */
public final class Topics {

    public static final String TURN_REQUESTED = "capplanner.turn.requested.v1";
    public static final String SNAPSHOT_BUILT = "capplanner.snapshot.built.v1";
    public static final String ROUTE_SELECTED = "capplanner.route.selected.v1";
    public static final String PLAN_PROPOSED = "capplanner.plan.proposed.v1";
    public static final String ACTIONS_EXECUTED = "capplanner.actions.executed.v1";
    public static final String TURN_COMPLETED = "capplanner.turn.completed.v1";
    public static final String SHADOW_COMPARED = "capplanner.shadow.compared.v1";

    /** The topics a chat backend writes and reads: any Kafka client of any language reads them. */
    public static final List<String> CHAT_BACKEND_TOPICS = List.of(TURN_REQUESTED, TURN_COMPLETED);

    /**
     * The topic settings a chat backend's topics carry wherever they are created. The suite's own
     * producers compress with zstd, which kafkajs (the most used Node.js client) cannot read without a
     * native plugin: it crashed on the first completion. gzip is read by kafkajs, librdkafka's clients
     * (Python, Go, .NET) and the Java client without any plugin, so the broker stores these two topics
     * gzip-compressed, whatever codec a producer sent (it recompresses a batch in another codec).
     */
    public static final Map<String, String> CHAT_BACKEND_TOPIC_CONFIG = Map.of("compression.type", "gzip");

    private Topics() {
    }

    /** The settings a topic is created with beyond its partitions and replicas: empty for internal topics. */
    public static Map<String, String> configOf(String topic) {
        return CHAT_BACKEND_TOPICS.contains(topic) ? CHAT_BACKEND_TOPIC_CONFIG : Map.of();
    }

    /** Where a consuming service forwards the records it cannot process: {@code capplanner.<service>.dlq.v1}. */
    public static String deadLetters(String service) {
        return "capplanner." + service + ".dlq.v1";
    }
}
