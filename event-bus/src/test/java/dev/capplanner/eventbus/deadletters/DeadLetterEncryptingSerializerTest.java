package dev.capplanner.eventbus.deadletters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.deadletters.DeadLetterHeader;
import dev.capplanner.contracts.deadletters.DeadLetterKeys;
import dev.capplanner.contracts.deadletters.DeadLetterOpener;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * The dead-letter producer's serializer on the headers the connector hands it: the record it writes
 * keeps the reason and identifiers, nothing raw, and opens back to the failed record.
 */
class DeadLetterEncryptingSerializerTest {

    static final String TOPIC = "capplanner.planner-service.dlq.v1";
    static final String SECRET = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    static final String RAW = "{\"schemaVersion\":\"v1\",\"question\":\"Is Riccardo Lorini's refund through?\"}";

    @Test
    void theDeadLetterIsWrittenEncryptedWithItsReasonReadableAndOpensToTheRecord() {
        var serializer = new DeadLetterEncryptingSerializer(DeadLetterEncryption.protection(config(
                Optional.of(List.of("dl-7:" + SECRET)), Optional.of("dl-7"))));
        RecordHeaders headers = failedRecordHeaders();
        byte[] value = serializer.serialize(TOPIC, headers, RAW);

        String written = new String(value, StandardCharsets.UTF_8) + Arrays.stream(headers.toArray())
                .map(h -> h.key() + "=" + new String(h.value(), StandardCharsets.UTF_8)).toList();
        assertThat(written).doesNotContain("Riccardo", "Lorini", "refund", "Bearer");
        assertThat(new String(headers.lastHeader("dead-letter-reason").value(), StandardCharsets.UTF_8))
                .isEqualTo("untrusted route: route seal names an unknown key");
        assertThat(headers.headers("dead-letter-reason")).hasSize(1);
        assertThat(headers.lastHeader("authorization")).isNull();

        List<DeadLetterHeader> stored = new ArrayList<>();
        headers.forEach(h -> stored.add(new DeadLetterHeader(h.key(), h.value())));
        var opened = new DeadLetterOpener(DeadLetterKeys.parse(List.of("dl-7:" + SECRET), null), 1 << 20)
                .open(TOPIC, stored, value);
        assertThat(opened.payloadText()).isEqualTo(RAW);
        assertThat(opened.headers()).extracting(DeadLetterHeader::name).contains("authorization", "ce_subject");
    }

    @Test
    void withoutAKeyNoValueIsWrittenAndNothingRawStays() {
        var serializer = new DeadLetterEncryptingSerializer(DeadLetterEncryption.protection(config(
                Optional.empty(), Optional.empty())));
        RecordHeaders headers = failedRecordHeaders();
        assertThat(serializer.serialize(TOPIC, headers, RAW)).isNull();
        assertThat(new String(headers.lastHeader("dead-letter-payload").value(), StandardCharsets.UTF_8))
                .isEqualTo("withheld");
        assertThat(headers.lastHeader("dead-letter-reason")).isNotNull();
        assertThat(headers.lastHeader("authorization")).isNull();
    }

    @Test
    void aMalformedKeyOrAMissingActiveKeyFailsTheStartNamingTheKeyNotTheSecret() {
        assertThatThrownBy(() -> DeadLetterEncryption.protection(config(Optional.of(List.of("dl-7:" + SECRET)),
                Optional.empty()))).hasMessageContaining("capplanner.dead-letters.active-key is not set");
        assertThatThrownBy(() -> DeadLetterEncryption.protection(config(Optional.of(List.of("dl-7:c2hvcnQ=")),
                Optional.of("dl-7")))).hasMessage("capplanner.dead-letters.keys: dead-letter key dl-7 is not 32 bytes"
                + " (AES-256)");
        assertThat(DeadLetterEncryption.protection(config(Optional.of(List.of(" ")), Optional.empty())).encrypts())
                .as("a blank key list is no key").isFalse();
    }

    private static RecordHeaders failedRecordHeaders() {
        RecordHeaders headers = new RecordHeaders();
        add(headers, "dead-letter-reason", "untrusted route: route seal names an unknown key");
        add(headers, "dead-letter-topic", "capplanner.route.selected.v1");
        add(headers, "dead-letter-partition", "1");
        add(headers, "dead-letter-offset", "88");
        add(headers, "ce_subject", "run-9");
        add(headers, "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        add(headers, "authorization", "Bearer eyJhbGciOiJSUzI1NiJ9.e30.sig");
        return headers;
    }

    private static void add(RecordHeaders headers, String name, String value) {
        headers.add(name, value.getBytes(StandardCharsets.UTF_8));
    }

    static DeadLetterConfig config(Optional<List<String>> keys, Optional<String> activeKey) {
        return new DeadLetterConfig() {
            @Override
            public Optional<List<String>> keys() {
                return keys;
            }

            @Override
            public Optional<String> activeKey() {
                return activeKey;
            }

            @Override
            public int readableHeaderMaxBytes() {
                return 256;
            }
        };
    }
}
