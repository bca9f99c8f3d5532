package dev.capplanner.gateway.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.Topics;
import dev.capplanner.gateway.turns.PendingTurns;
import dev.capplanner.gateway.turns.TurnKey;
import dev.capplanner.gateway.turns.TurnUpdate;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The feed's position rules, on Kafka's MockConsumer, one loop step at a time. */
class RunEventFeedTest {

    static final TurnKey KEY = new TurnKey("run-1", "conv-1", "acme", "u-17");
    static final int PARTITIONS = 2;

    MockConsumer<String, byte[]> consumer;
    PendingTurns pending;
    List<TurnUpdate> heard;
    final Map<TopicPartition, Long> ends = new HashMap<>();

    @BeforeEach
    void setUp() {
        consumer = new MockConsumer<>("latest");
        for (String topic : RunEventFeed.TOPICS) {
            consumer.updatePartitions(topic, partitions(topic, false));
            for (int p = 0; p < PARTITIONS; p++) {
                ends.put(new TopicPartition(topic, p), 0L);
            }
        }
        consumer.updateEndOffsets(ends);
        pending = new PendingTurns(10);
        heard = new ArrayList<>();
    }

    private RunEventFeed feed(Duration idleBeforePause, Duration refreshPartitions) {
        return new RunEventFeed(() -> consumer, pending, idleBeforePause, refreshPartitions);
    }

    @Test
    void aCallerIsAnsweredOnlyByRecordsPublishedAfterItsPositionAndOnlyWithItsOwnTurn() {
        RunEventFeed feed = feed(Duration.ofMinutes(1), Duration.ofMinutes(1));
        feed.step();
        // Before anyone waits: the feed is paused and a record of that time is never read.
        publish(Topics.TURN_COMPLETED, 0, KEY, "{\"outcome\":\"stale\"}");
        pending.register(KEY, heard::add);
        CompletableFuture<Void> positioned = feed.positioned();
        assertThat(positioned).isNotDone();
        feed.step();
        assertThat(positioned).as("positioned at the partitions' ends").isDone();
        publish(Topics.ROUTE_SELECTED, 1, KEY, "{}");
        publish(Topics.TURN_COMPLETED, 0, new TurnKey("run-1", "conv-1", "globex", "u-9"), "{\"outcome\":\"theirs\"}");
        publish(Topics.TURN_COMPLETED, 1, KEY, "{\"outcome\":\"answered\"}");
        feed.step();
        assertThat(heard).containsExactly(new TurnUpdate.Progress(TurnUpdate.Stage.ROUTED, 0),
                new TurnUpdate.Completed(completion(KEY, "{\"outcome\":\"answered\"}")));
    }

    @Test
    void partitionsListedInAnotherOrderAtARefreshDoNotPauseACallerWhoseTurnIsOnItsWay() {
        RunEventFeed feed = feed(Duration.ofMinutes(1), Duration.ZERO);
        feed.step();
        pending.register(KEY, heard::add);
        CompletableFuture<Void> positioned = feed.positioned();
        feed.step();
        assertThat(positioned).isDone();
        for (String topic : RunEventFeed.TOPICS) {
            consumer.updatePartitions(topic, partitions(topic, true));
        }
        feed.step();
        publish(Topics.TURN_COMPLETED, 1, KEY, "{\"outcome\":\"answered\"}");
        feed.step();
        assertThat(heard).as("the completion is read after the refresh").hasSize(1);
    }

    @Test
    void anIdleFeedPausesAndTheNextCallerStartsItAgain() {
        RunEventFeed feed = feed(Duration.ZERO, Duration.ofMinutes(1));
        feed.step();
        pending.register(KEY, heard::add);
        feed.positioned();
        feed.step();
        pending.remove(KEY);
        feed.step();
        assertThat(consumer.paused()).as("nobody waits: nothing fetched").hasSize(RunEventFeed.TOPICS.size() * PARTITIONS);
        publish(Topics.TURN_COMPLETED, 0, KEY, "{\"outcome\":\"while-paused\"}");
        TurnKey next = new TurnKey("run-2", "conv-1", "acme", "u-17");
        pending.register(next, heard::add);
        CompletableFuture<Void> positioned = feed.positioned();
        feed.step();
        assertThat(positioned).isDone();
        assertThat(consumer.paused()).isEmpty();
        publish(Topics.TURN_COMPLETED, 0, next, "{\"outcome\":\"answered\"}");
        feed.step();
        assertThat(heard).containsExactly(new TurnUpdate.Completed(completion(next, "{\"outcome\":\"answered\"}")));
    }

    private void publish(String topic, int partition, TurnKey key, String body) {
        TopicPartition tp = new TopicPartition(topic, partition);
        long offset = ends.get(tp);
        RecordHeaders headers = new RecordHeaders();
        headers.add(CloudEventHeaders.SUBJECT, key.runId().getBytes(StandardCharsets.UTF_8));
        String value = topic.equals(Topics.TURN_COMPLETED) ? completion(key, body) : completion(key, "{}");
        consumer.addRecord(new ConsumerRecord<>(topic, partition, offset, 0L, TimestampType.CREATE_TIME, 0, 0,
                key.conversationId(), value.getBytes(StandardCharsets.UTF_8), headers, Optional.empty()));
        ends.put(tp, offset + 1);
        consumer.updateEndOffsets(Map.of(tp, offset + 1));
    }

    private static String completion(TurnKey key, String body) {
        return "{\"run\":{\"runId\":\"" + key.runId() + "\",\"iteration\":0,\"tenantId\":\"" + key.tenantId()
                + "\",\"conversationId\":\"" + key.conversationId() + "\",\"principal\":{\"userId\":\"" + key.userId()
                + "\"}},\"body\":" + body + "}";
    }

    private static List<PartitionInfo> partitions(String topic, boolean reversed) {
        List<PartitionInfo> infos = new ArrayList<>();
        Node node = new Node(1, "localhost", 9092);
        for (int p = 0; p < PARTITIONS; p++) {
            infos.add(new PartitionInfo(topic, p, node, new Node[] {node}, new Node[] {node}));
        }
        if (reversed) {
            java.util.Collections.reverse(infos);
        }
        return infos;
    }
}
