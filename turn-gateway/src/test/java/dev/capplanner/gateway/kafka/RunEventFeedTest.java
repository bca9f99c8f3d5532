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

    static final TurnKey KEY = key("run-1", "acme", "u-17");
    static final int PARTITIONS = 2;

    MockConsumer<String, byte[]> consumer;
    PendingTurns pending;
    List<TurnUpdate> heard;
    final Map<TopicPartition, Long> ends = new HashMap<>();

    @BeforeEach
    void setUp() {
        consumer = newConsumer();
        pending = new PendingTurns(10, 10);
        heard = new ArrayList<>();
    }

    private MockConsumer<String, byte[]> newConsumer() {
        MockConsumer<String, byte[]> fresh = new MockConsumer<>("latest");
        for (String topic : RunEventFeed.TOPICS) {
            fresh.updatePartitions(topic, partitions(topic, false));
            for (int p = 0; p < PARTITIONS; p++) {
                ends.put(new TopicPartition(topic, p), 0L);
            }
        }
        fresh.updateEndOffsets(ends);
        return fresh;
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
        assertThat(positioned).as("positioned at the partitions' ends").succeedsWithin(Duration.ofSeconds(5));
        publish(Topics.ROUTE_SELECTED, 1, KEY, "{}");
        publish(Topics.TURN_COMPLETED, 0, key("run-1", "globex", "u-9"), "{\"outcome\":\"theirs\"}");
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
        assertThat(positioned).succeedsWithin(Duration.ofSeconds(5));
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
        java.util.function.Consumer<TurnUpdate> listener = heard::add;
        pending.register(KEY, listener);
        feed.positioned();
        feed.step();
        pending.remove(KEY, listener);
        feed.step();
        assertThat(consumer.paused()).as("nobody waits: nothing fetched").hasSize(RunEventFeed.TOPICS.size() * PARTITIONS);
        publish(Topics.TURN_COMPLETED, 0, KEY, "{\"outcome\":\"while-paused\"}");
        TurnKey next = key("run-2", "acme", "u-17");
        pending.register(next, heard::add);
        CompletableFuture<Void> positioned = feed.positioned();
        feed.step();
        assertThat(positioned).succeedsWithin(Duration.ofSeconds(5));
        assertThat(consumer.paused()).isEmpty();
        publish(Topics.TURN_COMPLETED, 0, next, "{\"outcome\":\"answered\"}");
        feed.step();
        assertThat(heard).containsExactly(new TurnUpdate.Completed(completion(next, "{\"outcome\":\"answered\"}")));
    }

    @Test
    void anUnauthenticatedCompletionRepeatingTheCallersRunDoesNotEndItsWait() {
        RunEventFeed feed = feed(Duration.ofMinutes(1), Duration.ofMinutes(1));
        feed.step();
        pending.register(KEY, heard::add);
        feed.positioned();
        feed.step();
        // Anyone who may publish a turn can make the snapshot service refuse one naming this caller's run.
        publish(Topics.TURN_COMPLETED, 0, KEY, "{}", "unauthenticated");
        publish(Topics.TURN_COMPLETED, 0, KEY, "{\"outcome\":\"answered\"}");
        feed.step();
        assertThat(heard).containsExactly(new TurnUpdate.Completed(completion(KEY, "{\"outcome\":\"answered\"}", null)));
    }

    @Test
    void aConsumerThatFailsUnderAWaitingCallerIsReplacedByOneReadingOnFromWhereItHadRead() {
        MockConsumer<String, byte[]> first = consumer;
        java.util.Deque<MockConsumer<String, byte[]>> supply = new java.util.ArrayDeque<>(List.of(first));
        RunEventFeed feed = new RunEventFeed(supply::poll, pending, Duration.ofMinutes(1), Duration.ofMinutes(1));
        feed.step();
        pending.register(KEY, heard::add);
        feed.positioned();
        feed.step();
        publish(Topics.ROUTE_SELECTED, 1, KEY, "{}");
        feed.step();
        assertThat(heard).hasSize(1);
        first.setPollException(new org.apache.kafka.common.KafkaException("broker connection lost"));
        feed.step();
        // The broker held on: the completion came (offset 0) while no consumer read.
        consumer = newConsumer();
        supply.add(consumer);
        TopicPartition completions = new TopicPartition(Topics.TURN_COMPLETED, 1);
        consumer.updateEndOffsets(Map.of(new TopicPartition(Topics.ROUTE_SELECTED, 1), 1L, completions, 1L));
        feed.step();
        RecordHeaders headers = new RecordHeaders();
        headers.add(CloudEventHeaders.SUBJECT, KEY.runId().getBytes(StandardCharsets.UTF_8));
        consumer.addRecord(new ConsumerRecord<>(Topics.TURN_COMPLETED, 1, 0L, 0L, TimestampType.CREATE_TIME, 0, 0,
                KEY.conversationId(), completion(KEY, "{\"outcome\":\"answered\"}", null).getBytes(StandardCharsets.UTF_8),
                headers, Optional.empty()));
        feed.step();
        assertThat(heard).as("read from where the failed consumer stopped, not from the end").hasSize(2)
                .endsWith(new TurnUpdate.Completed(completion(KEY, "{\"outcome\":\"answered\"}", null)));
    }

    private void publish(String topic, int partition, TurnKey key, String body) {
        publish(topic, partition, key, body, null);
    }

    private void publish(String topic, int partition, TurnKey key, String body, String outcome) {
        TopicPartition tp = new TopicPartition(topic, partition);
        long offset = ends.get(tp);
        RecordHeaders headers = new RecordHeaders();
        headers.add(CloudEventHeaders.SUBJECT, key.runId().getBytes(StandardCharsets.UTF_8));
        String value = topic.equals(Topics.TURN_COMPLETED) ? completion(key, body, outcome) : completion(key, "{}", null);
        consumer.addRecord(new ConsumerRecord<>(topic, partition, offset, 0L, TimestampType.CREATE_TIME, 0, 0,
                key.conversationId(), value.getBytes(StandardCharsets.UTF_8), headers, Optional.empty()));
        ends.put(tp, offset + 1);
        consumer.updateEndOffsets(Map.of(tp, offset + 1));
    }

    private static TurnKey key(String runId, String tenantId, String userId) {
        return new TurnKey(runId, "turn-1", "conv-1", tenantId, "support-desk", userId);
    }

    private static String completion(TurnKey key, String body) {
        return completion(key, body, null);
    }

    private static String completion(TurnKey key, String body, String outcome) {
        return "{" + (outcome == null ? "" : "\"outcome\":\"" + outcome + "\",") + "\"run\":{\"runId\":\"" + key.runId() + "\",\"turnId\":\"" + key.turnId() + "\",\"iteration\":0,"
                + "\"tenantId\":\"" + key.tenantId() + "\",\"projectId\":\"" + key.projectId() + "\",\"conversationId\":\""
                + key.conversationId() + "\",\"principal\":{\"userId\":\"" + key.userId() + "\"}},\"body\":" + body + "}";
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
