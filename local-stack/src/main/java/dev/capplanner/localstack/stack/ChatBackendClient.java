package dev.capplanner.localstack.stack;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes turns and reads topics the way a chat backend does: string records, keyed, with headers. */
public final class ChatBackendClient implements AutoCloseable {

    private final String bootstrapServers;
    private final KafkaProducer<String, String> producer;

    public ChatBackendClient(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        this.producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    public void publish(String topic, String key, String value, Map<String, String> headers) {
        try {
            producer.send(record(topic, key, value, headers)).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("publishing to " + topic + " failed", e);
        }
    }

    /** Sends without waiting for the broker (open-loop load); {@link #flush()} waits for all of them. */
    public void publishWithoutWaiting(String topic, String key, String value, Map<String, String> headers) {
        producer.send(record(topic, key, value, headers));
    }

    private static ProducerRecord<String, String> record(String topic, String key, String value,
                                                         Map<String, String> headers) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
        headers.forEach((name, headerValue) -> record.headers().add(name, headerValue.getBytes(StandardCharsets.UTF_8)));
        return record;
    }

    public void flush() {
        producer.flush();
    }

    /** A consumer of its own group, reading the given topics from their beginning. */
    public KafkaConsumer<String, String> subscribe(List<String> topics) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "local-stack-observer-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                new StringDeserializer());
        consumer.subscribe(topics);
        return consumer;
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
