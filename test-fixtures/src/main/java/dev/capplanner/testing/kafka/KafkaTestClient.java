package dev.capplanner.testing.kafka;

import dev.capplanner.contracts.deadletters.DeadLetterFormat;
import dev.capplanner.contracts.deadletters.DeadLetterHeader;
import dev.capplanner.contracts.deadletters.DeadLetterOpener;
import dev.capplanner.contracts.deadletters.DeadLetterOpener.OpenedDeadLetter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.HashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes and reads string records the way an outside client (a chat backend, a test) would; the
 * dead letters it reads it opens with the tests' key, as an operator would ({@link #awaitAsStored} does not).
 */
public final class KafkaTestClient implements AutoCloseable {

    private static final DeadLetterOpener DEAD_LETTERS = new DeadLetterOpener(TestDeadLetterKeys.keys(), 64L << 20);

    private final String bootstrapServers;
    private final KafkaProducer<String, String> producer;

    public KafkaTestClient(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        // As the services publish: compressed, so a large snapshot index fits the broker's 1 MB limit.
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 16 * 1024 * 1024);
        this.producer = new KafkaProducer<>(props);
    }

    /** Sends without waiting for the broker (a load driver's pace); {@link #flush()} waits for all of them. */
    public void publishWithoutWaiting(String topic, String key, String value) {
        producer.send(new ProducerRecord<>(topic, key, value));
    }

    /** Waits until every record sent so far is acknowledged. */
    public void flush() {
        producer.flush();
    }

    public void publish(String topic, String key, String value, Map<String, String> headers) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
        headers.forEach((name, headerValue) -> record.headers().add(name, headerValue.getBytes(StandardCharsets.UTF_8)));
        try {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("publishing to " + topic + " failed", e);
        }
    }

    /** How long "exactly N" keeps reading after the N-th match, so that an extra record would be seen. */
    public static final Duration GRACE = Duration.ofSeconds(3);

    /**
     * Reads the topic from its beginning until {@code count} records match or the timeout passes;
     * returns the matches found (possibly fewer: the caller asserts). Use it to wait for "at least";
     * {@link #awaitExactly} proves "exactly".
     */
    public List<ConsumerRecord<String, String>> await(String topic, Predicate<ConsumerRecord<String, String>> match,
                                                      int count, Duration timeout) {
        return read(topic, match, count, timeout, Duration.ZERO, true);
    }

    /**
     * As {@link #await}, but dead letters as they are stored (encrypted), not opened: for the tests of
     * what an analyst reading the dead-letter topic sees.
     */
    public List<ConsumerRecord<String, String>> awaitAsStored(String topic,
                                                              Predicate<ConsumerRecord<String, String>> match,
                                                              int count, Duration timeout) {
        return read(topic, match, count, timeout, Duration.ZERO, false);
    }

    /**
     * Waits for {@code count} matching records, then keeps reading for {@link #GRACE}: the result
     * holds every match seen, so a caller asserting its size sees a duplicate that arrives late.
     */
    public List<ConsumerRecord<String, String>> awaitExactly(String topic,
                                                            Predicate<ConsumerRecord<String, String>> match,
                                                            int count, Duration timeout) {
        return read(topic, match, count, timeout, GRACE, true);
    }

    /**
     * What one step is expected to publish on one topic: {@code count} records that {@code match}.
     * Several are read together by {@link #awaitExactly(Duration, Expected...)}.
     */
    public record Expected(int count, String topic, Predicate<ConsumerRecord<String, String>> match) {
    }

    public static Expected exactly(int count, String topic, Predicate<ConsumerRecord<String, String>> match) {
        return new Expected(count, topic, match);
    }

    /**
     * As {@link #awaitExactly(String, Predicate, int, Duration)} for several expectations at once, read by
     * one consumer: the {@link #GRACE} starts once every expectation has its count, so each topic is still
     * read for the whole grace after its own last match, but the step's facts share one wait instead of
     * one each. Returns the matches per expectation, in the order given.
     */
    public List<List<ConsumerRecord<String, String>>> awaitExactly(Duration timeout, Expected... expected) {
        return read(List.of(expected), timeout, GRACE, true);
    }

    private List<ConsumerRecord<String, String>> read(String topic, Predicate<ConsumerRecord<String, String>> match,
                                                      int count, Duration timeout, Duration grace,
                                                      boolean openDeadLetters) {
        return read(List.of(new Expected(count, topic, match)), timeout, grace, openDeadLetters).get(0);
    }

    private List<List<ConsumerRecord<String, String>>> read(List<Expected> expected, Duration timeout, Duration grace,
                                                            boolean openDeadLetters) {
        List<List<ConsumerRecord<String, String>>> found = new ArrayList<>();
        expected.forEach(e -> found.add(new ArrayList<>()));
        try (KafkaConsumer<String, String> consumer = consumer()) {
            consumer.subscribe(expected.stream().map(Expected::topic).distinct().toList());
            long deadline = System.nanoTime() + timeout.toNanos();
            long graceEnds = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, graceEnds)) {
                for (ConsumerRecord<String, String> stored : consumer.poll(Duration.ofMillis(200))) {
                    ConsumerRecord<String, String> record = openDeadLetters ? opened(stored) : stored;
                    for (int i = 0; i < expected.size(); i++) {
                        Expected one = expected.get(i);
                        if (one.topic().equals(record.topic()) && one.match().test(record)) {
                            found.get(i).add(record);
                        }
                    }
                }
                if (graceEnds == Long.MAX_VALUE && everyCountReached(expected, found)) {
                    if (grace.isZero()) {
                        break;
                    }
                    graceEnds = System.nanoTime() + grace.toNanos();
                    deadline = Long.MAX_VALUE;
                }
            }
        }
        return found;
    }

    private static boolean everyCountReached(List<Expected> expected, List<List<ConsumerRecord<String, String>>> found) {
        for (int i = 0; i < expected.size(); i++) {
            if (found.get(i).size() < expected.get(i).count()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits until the consumer group has committed every record of the topic, so that what it does
     * with the last of them (or does not do) can be asserted.
     */
    public void awaitConsumed(String group, String topic, Duration timeout) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS);
                Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
                admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic).partitions()
                        .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
                var ends = admin.listOffsets(latest).all().get(10, TimeUnit.SECONDS);
                boolean consumed = ends.entrySet().stream().allMatch(end -> end.getValue().offset() == 0
                        || (committed.get(end.getKey()) != null
                        && committed.get(end.getKey()).offset() >= end.getValue().offset()));
                if (consumed) {
                    return;
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read the offsets of " + group, e);
        }
        throw new AssertionError(group + " did not consume " + topic + " within " + timeout);
    }

    public KafkaConsumer<String, String> consumer() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return new KafkaConsumer<>(props);
    }

    /**
     * A dead letter the tests' services encrypted ({@link TestDeadLetterKeys}), opened as an operator
     * opens it: the original value and headers, at the dead letter's own topic, partition and offset.
     * Any other record (and a dead letter under another key, e.g. a local stack's) as it is stored.
     */
    static ConsumerRecord<String, String> opened(ConsumerRecord<String, String> stored) {
        if (!DeadLetterFormat.ENCRYPTED.equals(header(stored, DeadLetterFormat.PAYLOAD))
                || !TestDeadLetterKeys.KEY_ID.equals(header(stored, DeadLetterFormat.PAYLOAD_KEY))) {
            return stored;
        }
        List<DeadLetterHeader> headers = new ArrayList<>();
        stored.headers().forEach(header -> headers.add(new DeadLetterHeader(header.key(), header.value())));
        OpenedDeadLetter opened = DEAD_LETTERS.open(stored.topic(), headers,
                stored.value() == null ? null : stored.value().getBytes(StandardCharsets.UTF_8));
        RecordHeaders restored = new RecordHeaders();
        opened.headers().forEach(header -> restored.add(header.name(), header.value()));
        return new ConsumerRecord<>(stored.topic(), stored.partition(), stored.offset(), stored.timestamp(),
                stored.timestampType(), stored.serializedKeySize(), stored.serializedValueSize(), stored.key(),
                opened.payloadText(), restored, stored.leaderEpoch());
    }

    public static String header(ConsumerRecord<?, ?> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
