package dev.capplanner.eventbus.deadletters;

import dev.capplanner.contracts.deadletters.DeadLetterHeader;
import dev.capplanner.contracts.deadletters.DeadLetterProtection;
import dev.capplanner.contracts.deadletters.DeadLetterProtection.ProtectedDeadLetter;
import io.smallrye.config.SmallRyeConfig;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The value serializer of every consumer's dead-letter producer (set by event-bus's channel
 * defaults): the connector hands it the failed record's value with the dead letter's headers (its
 * own {@code dead-letter-*} ones, then the record's), and it writes what {@link DeadLetterProtection}
 * keeps, replacing the headers with the readable ones. Every dead letter passes through it, whichever
 * code nacked the record. Kafka creates it by class name, so it reads its configuration itself.
 */
public class DeadLetterEncryptingSerializer implements Serializer<Object> {

    private DeadLetterProtection protection;

    /** Created by the Kafka producer, which then calls {@link #configure}. */
    public DeadLetterEncryptingSerializer() {
    }

    DeadLetterEncryptingSerializer(DeadLetterProtection protection) {
        this.protection = protection;
    }

    @Override
    public void configure(Map<String, ?> producerConfig, boolean isKey) {
        if (isKey) {
            throw new IllegalStateException("the dead-letter encrypting serializer is for values, not keys");
        }
        if (protection == null) {
            protection = DeadLetterEncryption.protection(ConfigProvider.getConfig().unwrap(SmallRyeConfig.class)
                    .getConfigMapping(DeadLetterConfig.class));
        }
    }

    /** The producer always passes the headers; without them there is nothing to bind, so nothing is kept. */
    @Override
    public byte[] serialize(String topic, Object value) {
        return null;
    }

    @Override
    public byte[] serialize(String topic, Headers headers, Object value) {
        List<DeadLetterHeader> written = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (Header header : headers) {
            written.add(new DeadLetterHeader(header.key(), header.value()));
            names.add(header.key());
        }
        ProtectedDeadLetter dead = protection.protect(topic, written, bytes(value));
        names.forEach(headers::remove);
        dead.headers().forEach(header -> headers.add(header.name(), header.value()));
        return dead.value();
    }

    /** Consumers read strings; bytes and anything else a channel might carry are kept as they would be written. */
    private static byte[] bytes(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] raw) {
            return raw;
        }
        return String.valueOf(value).getBytes(StandardCharsets.UTF_8);
    }
}
