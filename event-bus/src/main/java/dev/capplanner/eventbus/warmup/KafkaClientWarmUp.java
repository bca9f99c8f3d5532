package dev.capplanner.eventbus.warmup;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.eventbus.KafkaRunEventSink;
import dev.capplanner.eventbus.RunEventChannelDefaults;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.KafkaProducer;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.Record;
import org.apache.kafka.common.record.SimpleRecord;

/**
 * The Kafka client's own first-use costs, measured on the first turn: each service's first record
 * sent and first record received were about 250 ms late. A record batch is compressed and read back
 * with the channels' codec (zstd: its native library is unpacked and loaded on first use), and the
 * producer fetches the partitions of every run-event topic now, not on the first send to each.
 */
@ApplicationScoped
public class KafkaClientWarmUp implements WarmUp {

    private static final Duration METADATA_WAIT = Duration.ofSeconds(10);

    private final KafkaClientService clients;

    public KafkaClientWarmUp(KafkaClientService clients) {
        this.clients = clients;
    }

    @Override
    public String name() {
        return "kafka-client";
    }

    /** The producer exists once the messaging connectors have started. */
    @Override
    public Phase phase() {
        return Phase.CONNECTORS_STARTED;
    }

    @Override
    public int passes() {
        return 1;
    }

    @Override
    public void pass() {
        roundTripOneBatch();
        if (!clients.getProducerChannels().contains(KafkaRunEventSink.CHANNEL)) {
            return;
        }
        KafkaProducer<String, String> producer = clients.getProducer(KafkaRunEventSink.CHANNEL);
        for (EventType type : EventType.values()) {
            producer.partitionsFor(type.topic()).await().atMost(METADATA_WAIT);
        }
    }

    private static void roundTripOneBatch() {
        byte[] value = RunEventJson.toJson(SampleEvents.all().get(0)).getBytes(StandardCharsets.UTF_8);
        MemoryRecords batch = MemoryRecords.withRecords(
                Compression.of(RunEventChannelDefaults.COMPRESSION).build(), new SimpleRecord(value));
        for (Record record : batch.records()) {
            if (record.valueSize() != value.length) {
                throw new IllegalStateException("a compressed record did not read back whole");
            }
        }
    }
}
