package dev.capplanner.gateway.kafka;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.Topics;
import dev.capplanner.gateway.turns.PendingTurns;
import dev.capplanner.gateway.turns.RecordedRun;
import dev.capplanner.gateway.turns.TurnUpdate;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.jboss.logging.Logger;

/**
 * Reads what the pipeline publishes for the turns this gateway waits for: every partition of the five
 * topics a turn passes, assigned by hand (no consumer group, so every gateway replica sees every
 * record and keeps its own callers' turns, and no replica's arrival rebalances another), from the end
 * of each partition at the moment a caller starts waiting. While nobody waits the partitions are
 * paused, so a gateway no chat backend uses fetches nothing.
 *
 * <p>One thread owns the Kafka consumer (it is not thread-safe); callers talk to it through
 * {@link #positioned()}, which the resource awaits before publishing a turn, so that no record of that
 * turn can come before the position the feed reads from.
 */
public final class RunEventFeed implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(RunEventFeed.class);
    private static final Duration POLL = Duration.ofMillis(100);

    /** The topics a turn passes, each with the stage that publishes it; the completion has none. */
    static final Map<String, TurnUpdate.Stage> STAGES = Map.of(
            Topics.SNAPSHOT_BUILT, TurnUpdate.Stage.SNAPSHOT_BUILT,
            Topics.ROUTE_SELECTED, TurnUpdate.Stage.ROUTED,
            Topics.PLAN_PROPOSED, TurnUpdate.Stage.PLANNED,
            Topics.ACTIONS_EXECUTED, TurnUpdate.Stage.EXECUTED);
    static final List<String> TOPICS = List.of(Topics.SNAPSHOT_BUILT, Topics.ROUTE_SELECTED, Topics.PLAN_PROPOSED,
            Topics.ACTIONS_EXECUTED, Topics.TURN_COMPLETED);

    private final Supplier<Consumer<String, byte[]>> consumers;
    private final PendingTurns pending;
    private final Duration idleBeforePause;
    private final Duration refreshPartitions;
    private final ConcurrentLinkedQueue<CompletableFuture<Void>> waitingForPosition = new ConcurrentLinkedQueue<>();
    private final Object activity = new Object();
    private final Thread thread;
    private volatile Consumer<String, byte[]> consumer;
    private volatile boolean running = true;
    private volatile boolean assigned;
    /** Guarded by {@link #activity}: the partitions are read (not paused) and positioned. */
    private boolean active;
    /** Only the feed's thread (or a test driving {@link #step()}) touches these. */
    private Set<TopicPartition> partitions = Set.of();
    /** Where each partition was read up to, while the feed reads: a replaced consumer goes on from there. */
    private final Map<TopicPartition, Long> readUpTo = new HashMap<>();
    private Map<TopicPartition, Long> resumeFrom = Map.of();
    private long lastRefresh;
    private long idleSince = System.nanoTime();

    /**
     * @param refreshPartitions how often the topics' partitions are looked up again (a topic may gain
     *                          partitions while the gateway runs)
     */
    public RunEventFeed(Supplier<Consumer<String, byte[]>> consumers, PendingTurns pending, Duration idleBeforePause,
                        Duration refreshPartitions) {
        this.consumers = consumers;
        this.pending = pending;
        this.idleBeforePause = idleBeforePause;
        this.refreshPartitions = refreshPartitions;
        this.thread = new Thread(this::run, "turn-gateway-feed");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    /** Whether the feed knows the partitions it reads (readiness). */
    public boolean isReady() {
        return running && assigned && thread.isAlive();
    }

    /** Whether the feed's thread still runs (liveness: a feed that died answers nobody again). */
    public boolean isAlive() {
        return !running || thread.isAlive();
    }

    /**
     * Completes once every record published from now on will be read: at once while the feed reads,
     * after one look-up of the partitions' ends when it was paused. Register the waiting turn first.
     */
    public CompletableFuture<Void> positioned() {
        synchronized (activity) {
            if (active) {
                return CompletableFuture.completedFuture(null);
            }
            // Callers that gave up (their wait timed out while the feed could not read) leave nothing behind.
            waitingForPosition.removeIf(CompletableFuture::isDone);
            CompletableFuture<Void> positioned = new CompletableFuture<>();
            waitingForPosition.add(positioned);
            Consumer<String, byte[]> current = consumer;
            if (current != null) {
                current.wakeup();
            }
            return positioned;
        }
    }

    private void run() {
        while (running) {
            step();
        }
        if (consumer != null) {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    /** One turn of the feed's loop: partitions looked up when due, waiting callers positioned, one poll dispatched. */
    void step() {
        try {
            if (consumer == null) {
                consumer = consumers.get();
            }
            if (!assigned) {
                assign();
                lastRefresh = System.nanoTime();
            } else if (System.nanoTime() - lastRefresh >= refreshPartitions.toNanos()) {
                lastRefresh = System.nanoTime();
                refresh();
            }
            // While anyone waits the feed reads: also after a consumer was replaced under a caller.
            if (!waitingForPosition.isEmpty() || !pending.isEmpty()) {
                activate();
            }
            if (pending.isEmpty()) {
                if (System.nanoTime() - idleSince >= idleBeforePause.toNanos()) {
                    pauseIfStillIdle();
                }
            } else {
                idleSince = System.nanoTime();
            }
            for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
                dispatch(record);
            }
            rememberPositions();
        } catch (WakeupException e) {
            // a caller waits for the position, or the feed stops: the next step looks at both
        } catch (RuntimeException e) {
            LOG.warnf("turn_feed_failed: %s; reading again in a second", e.toString());
            reset();
            sleep(Duration.ofSeconds(1));
        }
    }

    /**
     * Every partition of the topics, as a set (the broker lists them in no fixed order). A partition
     * already read keeps its position and its pause; one that appeared is read from its end while the
     * feed reads (a caller already waiting may miss a record published to it before it was seen: a
     * topic gains partitions rarely) and paused otherwise.
     */
    private void assign() {
        Set<TopicPartition> found = new HashSet<>();
        for (String topic : TOPICS) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(10));
            if (infos == null || infos.isEmpty()) {
                throw new IllegalStateException("no partitions for " + topic + " yet");
            }
            infos.forEach(info -> found.add(new TopicPartition(topic, info.partition())));
        }
        if (!found.equals(partitions)) {
            List<TopicPartition> added = found.stream().filter(partition -> !partitions.contains(partition)).toList();
            consumer.assign(found);
            synchronized (activity) {
                if (active) {
                    consumer.seekToEnd(added);
                    added.forEach(consumer::position);
                } else {
                    consumer.pause(added);
                }
            }
            partitions = Set.copyOf(found);
        }
        assigned = true;
    }

    /**
     * From the end of every partition, so that what a caller now waiting for will be answered by comes
     * after it; after a consumer was replaced under waiting callers, from where the old one had read.
     * The callers are told outside the lock, on no thread of the feed's (their turn is published next).
     */
    private void activate() {
        List<CompletableFuture<Void>> told = new ArrayList<>();
        synchronized (activity) {
            if (!active) {
                List<TopicPartition> fromEnd = new ArrayList<>();
                for (TopicPartition partition : partitions) {
                    Long offset = resumeFrom.get(partition);
                    if (offset == null) {
                        fromEnd.add(partition);
                    } else {
                        consumer.seek(partition, offset);
                    }
                }
                consumer.seekToEnd(fromEnd);
                partitions.forEach(consumer::position);
                consumer.resume(partitions);
                resumeFrom = Map.of();
                active = true;
            }
            CompletableFuture<Void> waiting;
            while ((waiting = waitingForPosition.poll()) != null) {
                told.add(waiting);
            }
        }
        told.forEach(waiting -> waiting.completeAsync(() -> null));
    }

    private void rememberPositions() {
        synchronized (activity) {
            if (active) {
                partitions.forEach(partition -> readUpTo.put(partition, consumer.position(partition)));
            }
        }
    }

    /**
     * The partitions looked up again. A look-up that fails keeps the partitions the feed has: the
     * callers it reads for are not dropped because the broker was slow to answer once.
     */
    private void refresh() {
        try {
            assign();
        } catch (WakeupException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warnf("turn_feed_refresh_failed: %s; reading the partitions known so far", e.toString());
        }
    }

    private void pauseIfStillIdle() {
        synchronized (activity) {
            // Under the lock positioned() takes: a caller registered before this check keeps the feed reading.
            if (active && pending.isEmpty() && waitingForPosition.isEmpty()) {
                consumer.pause(partitions);
                readUpTo.clear();
                active = false;
            }
        }
    }

    private void dispatch(ConsumerRecord<String, byte[]> record) {
        Header subject = record.headers().lastHeader(CloudEventHeaders.SUBJECT);
        String runId = subject == null || subject.value() == null ? null
                : new String(subject.value(), StandardCharsets.UTF_8);
        if (!pending.mayConcern(record.key(), runId)) {
            return;
        }
        RecordedRun.of(record.value()).ifPresent(found -> {
            if (found.unauthenticated()) {
                // This gateway verified the caller's token itself; such a completion repeats the run its
                // record named, unverified: anyone who may publish a turn could end another's wait with it.
                return;
            }
            TurnUpdate.Stage stage = STAGES.get(record.topic());
            pending.deliver(found.key(), stage == null
                    ? new TurnUpdate.Completed(new String(record.value(), StandardCharsets.UTF_8))
                    : new TurnUpdate.Progress(stage, found.iteration()));
        });
    }

    /** A failed consumer is replaced; callers waiting for a position are answered after the next look-up. */
    private void reset() {
        synchronized (activity) {
            // Callers wait: the next consumer reads on from where this one had read, losing nothing.
            resumeFrom = pending.isEmpty() ? Map.of() : Map.copyOf(readUpTo);
            readUpTo.clear();
            active = false;
        }
        assigned = false;
        partitions = Set.of();
        Consumer<String, byte[]> failed = consumer;
        consumer = null;
        if (failed != null) {
            try {
                failed.close(Duration.ofSeconds(1));
            } catch (RuntimeException ignored) {
                // it failed already
            }
        }
    }

    private static void sleep(Duration duration) {
        try {
            TimeUnit.MILLISECONDS.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        Consumer<String, byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** For the consumer's settings: no group, nothing committed, only what arrives after the position. */
    public static Map<String, Object> consumerSettings(Map<String, Object> kafka) {
        Map<String, Object> settings = new HashMap<>(kafka);
        settings.remove("group.id");
        settings.put("enable.auto.commit", "false");
        settings.put("auto.offset.reset", "latest");
        settings.put("client.id", "turn-gateway-feed");
        settings.put("fetch.max.wait.ms", "100");
        return settings;
    }
}
