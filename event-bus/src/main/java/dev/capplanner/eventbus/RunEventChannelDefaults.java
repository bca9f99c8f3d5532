package dev.capplanner.eventbus;

import dev.capplanner.contracts.Topics;
import dev.capplanner.eventbus.deadletters.DeadLetterEncryptingSerializer;
import java.util.Map;

/**
 * Kafka channel settings every service shares, so that no properties file repeats them. A
 * consumer's channel is named after its topic ({@code @Incoming(Topics.X)}) and attached to the
 * Kafka connector by Quarkus; these connector-wide defaults make every consumer read from the
 * start of a new group (its service's name), forward what it cannot process to its service's
 * dead-letter topic (its payload encrypted, {@link DeadLetterEncryptingSerializer}), poll briefly enough that a partition's first record is not held back, and give
 * up on a crashed member quickly. A property in a service's own configuration still wins.
 */
public final class RunEventChannelDefaults extends SharedDefaults {

    static final String CONNECTOR = "mp.messaging.connector.smallrye-kafka.";
    private static final String SERVICE = "${quarkus.application.name}";

    /**
     * How long one poll waits for records. A consumer sees the first record of a partition it has
     * not yet read only on the poll after the one that was waiting when the record arrived, so the
     * connector's default of 1 s added about a second to every hop of a conversation's first turn
     * (measured: 1.03 s per hop, 4.2 s for such a turn; with 100 ms, 0.13 s per hop, 0.6 s).
     */
    static final String POLL_TIMEOUT_MS = "100";

    /**
     * Records are compressed (zstd), and a producer accepts records up to this uncompressed size: a
     * snapshot index of 10,000 capabilities is about 2 MB of JSON but a few hundred kilobytes
     * compressed, well inside the broker's default 1 MB limit, which applies to compressed batches.
     * Dead letters keep whole records (deflated, then encrypted), so their producer gets the same settings.
     */
    public static final String COMPRESSION = "zstd";
    static final String MAX_UNCOMPRESSED_RECORD_BYTES = String.valueOf(16 * 1024 * 1024);

    /**
     * How long the group coordinator waits for a consumer that stopped heart-beating before it hands
     * its partitions to another member. A crashed process (SIGKILL, OOM kill, lost node) never leaves
     * its group, so its partitions sit unread for this long, and a replacement's join waits for it
     * too: with the client's default of 45 s, turns stalled 44 s after the executor was killed
     * (./run-load.sh --fault kill-service). Ten seconds, with a heartbeat every three, still
     * tolerates long pauses (a full GC of a few hundred megabytes is well under a second).
     */
    static final String SESSION_TIMEOUT_MS = "10000";
    static final String HEARTBEAT_INTERVAL_MS = "3000";

    private static final String OUTGOING = "mp.messaging.outgoing." + KafkaRunEventSink.CHANNEL + ".";

    private static final Map<String, String> DEFAULTS = Map.ofEntries(
            Map.entry(CONNECTOR + "group.id", SERVICE),
            Map.entry(CONNECTOR + "auto.offset.reset", "earliest"),
            Map.entry(CONNECTOR + "failure-strategy", "dead-letter-queue"),
            Map.entry(CONNECTOR + "dead-letter-queue.topic", Topics.deadLetters(SERVICE)),
            Map.entry(CONNECTOR + "dead-letter-queue.value.serializer", DeadLetterEncryptingSerializer.class.getName()),
            Map.entry(CONNECTOR + "dead-letter-queue.compression.type", COMPRESSION),
            Map.entry(CONNECTOR + "dead-letter-queue.max.request.size", MAX_UNCOMPRESSED_RECORD_BYTES),
            Map.entry(CONNECTOR + "poll-timeout", POLL_TIMEOUT_MS),
            Map.entry(CONNECTOR + "session.timeout.ms", SESSION_TIMEOUT_MS),
            Map.entry(CONNECTOR + "heartbeat.interval.ms", HEARTBEAT_INTERVAL_MS),
            Map.entry(OUTGOING + "compression.type", COMPRESSION),
            Map.entry(OUTGOING + "max.request.size", MAX_UNCOMPRESSED_RECORD_BYTES));

    public RunEventChannelDefaults() {
        super("capplanner-run-event-channels", DEFAULTS);
    }
}
