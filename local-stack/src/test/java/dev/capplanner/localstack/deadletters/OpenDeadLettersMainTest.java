package dev.capplanner.localstack.deadletters;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.deadletters.DeadLetterHeader;
import dev.capplanner.contracts.deadletters.DeadLetterKeys;
import dev.capplanner.contracts.deadletters.DeadLetterProtection;
import dev.capplanner.contracts.deadletters.DeadLetterProtection.ProtectedDeadLetter;
import dev.capplanner.contracts.deadletters.ReadableHeaders;
import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import dev.capplanner.testing.kafka.KafkaTestClient;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The operators' opener on a real broker: what an analyst cannot read, the key holder can, for replay. */
class OpenDeadLettersMainTest {

    static final String TOPIC = "capplanner.shadow-report-service.dlq.v1";
    static final String KEYS = "dl-2026-12:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    static final String RAW = "{\"schemaVersion\":\"v1\",\"question\":\"Where is Riccardo Lorini's parcel?\\u0000\"}";
    static final List<DeadLetterHeader> FAILURE = List.of(
            DeadLetterHeader.of("dead-letter-reason", "processing failed: PgException"),
            DeadLetterHeader.of("dead-letter-topic", "capplanner.shadow.compared.v1"),
            DeadLetterHeader.of("dead-letter-partition", "0"),
            DeadLetterHeader.of("dead-letter-offset", "7"),
            DeadLetterHeader.of("ce_subject", "run-1"));

    static EmbeddedKafkaBroker broker;

    @BeforeAll
    static void publishDeadLetters() {
        broker = EmbeddedKafkaBroker.start();
        broker.createTopics(List.of(TOPIC), 1);
        var encrypting = new DeadLetterProtection(Optional.of(DeadLetterKeys.parse(List.of(KEYS), "dl-2026-12")),
                new ReadableHeaders(256));
        var withholding = new DeadLetterProtection(Optional.empty(), new ReadableHeaders(256));
        try (KafkaTestClient kafka = new KafkaTestClient(broker.bootstrapServers())) {
            publish(kafka, "conv-1", encrypting.protect(TOPIC, FAILURE, RAW.getBytes(StandardCharsets.UTF_8)));
            publish(kafka, "conv-2", withholding.protect(TOPIC, FAILURE, RAW.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void theKeyHolderGetsTheFailedRecordBackAndIsToldWhichOnesDoNotOpen() throws Exception {
        Run run = run(Map.of(OpenDeadLettersMain.KEYS_VARIABLE, KEYS), "--topic", TOPIC,
                "--bootstrap-server", broker.bootstrapServers());
        assertThat(run.exit()).as("one dead letter was withheld").isEqualTo(1);
        List<JsonNode> lines = run.lines();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).path("key").asText()).isEqualTo("conv-1");
        assertThat(lines.get(0).path("value").asText()).isEqualTo(RAW);
        assertThat(lines.get(0).path("headers").path("dead-letter-topic").asText())
                .as("where to replay it").isEqualTo("capplanner.shadow.compared.v1");
        assertThat(lines.get(0).path("headers").has("dead-letter-payload")).isFalse();
        assertThat(lines.get(1).path("error").asText()).startsWith("payload withheld");
        assertThat(lines.get(1).has("value")).isFalse();
        assertThat(run.err()).contains("opened 1 dead letter(s) of " + TOPIC + ", 1 not opened");
    }

    @Test
    void oneDeadLetterIsOpenedByItsPartitionAndOffset() throws Exception {
        Run run = run(Map.of(OpenDeadLettersMain.KEYS_VARIABLE, KEYS), "--topic", TOPIC, "--partition", "0",
                "--offset", "0", "--bootstrap-server", broker.bootstrapServers());
        assertThat(run.exit()).isZero();
        assertThat(run.lines()).singleElement().satisfies(line -> assertThat(line.path("value").asText()).isEqualTo(RAW));
    }

    @Test
    void anotherKeyOpensNothingAndSaysSo() throws Exception {
        Run run = run(Map.of(OpenDeadLettersMain.KEYS_VARIABLE,
                "dl-2026-12:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA="), "--topic", TOPIC, "--partition", "0",
                "--offset", "0", "--bootstrap-server", broker.bootstrapServers());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.lines().get(0).path("error").asText()).startsWith("does not open with key dl-2026-12");
        assertThat(run.out()).doesNotContain("Riccardo");
    }

    @Test
    void withoutKeysOrATopicItStopsWithUsage() throws Exception {
        assertThat(run(Map.of(), "--topic", TOPIC).exit()).isEqualTo(2);
        Run noTopic = run(Map.of(OpenDeadLettersMain.KEYS_VARIABLE, KEYS));
        assertThat(noTopic.exit()).isEqualTo(2);
        assertThat(noTopic.err()).contains("--topic is required");
        assertThat(run(Map.of(OpenDeadLettersMain.KEYS_VARIABLE, KEYS), "--topic", TOPIC, "--offset", "3").err())
                .contains("--offset needs --partition");
    }

    private static void publish(KafkaTestClient kafka, String key, ProtectedDeadLetter dead) {
        Map<String, String> headers = new LinkedHashMap<>();
        dead.headers().forEach(h -> headers.put(h.name(), h.text()));
        kafka.publish(TOPIC, key, dead.value() == null ? null : new String(dead.value(), StandardCharsets.UTF_8), headers);
    }

    record Run(int exit, String out, String err) {
        List<JsonNode> lines() throws Exception {
            ObjectMapper json = new ObjectMapper();
            List<JsonNode> lines = new java.util.ArrayList<>();
            for (String line : out.split("\n")) {
                if (!line.isBlank()) {
                    lines.add(json.readTree(line));
                }
            }
            return lines;
        }
    }

    private static Run run(Map<String, String> environment, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = OpenDeadLettersMain.run(args, environment, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
