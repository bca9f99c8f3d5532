package dev.capplanner.localstack.deadletters;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.Topics;
import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import dev.capplanner.testing.kafka.KafkaTestClient;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opened dead letters go back to the topic they failed on, on a real broker: only when asked, and only there. */
class ReplayDeadLettersMainTest {

    static final String COMPARISON = "{\"schemaVersion\":\"v1\",\"run\":{\"runId\":\"run-7\"}}";
    /** open-dead-letters.sh's lines: a comparison, one that did not open, a turn, and one naming a dead-letter topic. */
    static final String OPENED = String.join("\n",
            "{\"partition\":0,\"offset\":7,\"key\":\"conv-1\",\"headers\":{\"dead-letter-reason\":\"processing failed:"
                    + " PgException\",\"dead-letter-topic\":\"capplanner.shadow.compared.v1\",\"dead-letter-offset\":\"3\","
                    + "\"ce_subject\":\"run-7\"},\"value\":" + new ObjectMapper().valueToTree(COMPARISON) + "}",
            "{\"partition\":0,\"offset\":8,\"key\":\"conv-2\",\"headers\":{\"dead-letter-topic\":"
                    + "\"capplanner.shadow.compared.v1\"},\"error\":\"payload withheld\"}",
            "{\"partition\":0,\"offset\":9,\"key\":\"conv-3\",\"headers\":{\"dead-letter-topic\":"
                    + "\"capplanner.turn.requested.v1\"},\"value\":\"{}\"}",
            "{\"partition\":0,\"offset\":10,\"key\":\"conv-4\",\"headers\":{\"dead-letter-topic\":"
                    + "\"capplanner.executor-service.dlq.v1\"},\"value\":\"{}\"}",
            "");

    static EmbeddedKafkaBroker broker;

    @BeforeAll
    static void start() {
        broker = EmbeddedKafkaBroker.start();
        broker.createTopics(List.of(Topics.SHADOW_COMPARED, Topics.TURN_REQUESTED, "capplanner.executor-service.dlq.v1"), 1);
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void aDryRunSaysWhatWouldGoWhereAndWhyNotAndPublishesNothing(@TempDir Path dir) throws Exception {
        Path opened = Files.writeString(dir.resolve("opened.jsonl"), OPENED);
        int before = comparisons().size();
        Run run = run("", "--opened", opened.toString(), "--bootstrap-server", broker.bootstrapServers());
        assertThat(run.exit()).as("three are skipped").isEqualTo(1);
        List<JsonNode> lines = run.lines();
        assertThat(lines).extracting(line -> line.path("action").asText())
                .containsExactly("would replay", "skipped", "skipped", "skipped");
        assertThat(lines.get(0).path("to").asText()).isEqualTo(Topics.SHADOW_COMPARED);
        assertThat(lines.get(0).path("reason").asText()).isEqualTo("processing failed: PgException");
        assertThat(lines.get(1).path("why").asText()).startsWith("did not open: payload withheld");
        assertThat(lines.get(2).path("why").asText()).contains("fresh principal token");
        assertThat(lines.get(3).path("why").asText()).startsWith("not a topic a service consumes");
        assertThat(run.out()).as("no value is printed").doesNotContain("run-7\\\"");
        assertThat(run.err()).contains("nothing was published");
        assertThat(comparisons()).hasSize(before);
    }

    private static List<ConsumerRecord<String, String>> comparisons() {
        try (KafkaTestClient kafka = new KafkaTestClient(broker.bootstrapServers())) {
            return kafka.awaitExactly(Topics.SHADOW_COMPARED, record -> true, 0, Duration.ofSeconds(1));
        }
    }

    @Test
    void appliedTheChosenOneGoesBackKeyedAsItWasWithItsOwnHeadersOnly() throws Exception {
        Run run = run(OPENED, "--opened", "-", "--only", "0:7", "--apply", "--bootstrap-server",
                broker.bootstrapServers());
        assertThat(run.exit()).isZero();
        assertThat(run.lines()).singleElement().satisfies(line -> assertThat(line.path("action").asText())
                .isEqualTo("replayed"));
        try (KafkaTestClient kafka = new KafkaTestClient(broker.bootstrapServers())) {
            List<ConsumerRecord<String, String>> replayed = kafka.awaitExactly(Topics.SHADOW_COMPARED,
                    record -> "conv-1".equals(record.key()), 1, Duration.ofSeconds(10));
            assertThat(replayed).singleElement().satisfies(record -> {
                assertThat(record.key()).isEqualTo("conv-1");
                assertThat(record.value()).isEqualTo(COMPARISON);
                List<String> names = new ArrayList<>();
                record.headers().forEach(header -> names.add(header.key()));
                assertThat(names).containsExactly("ce_subject");
            });
            assertThat(kafka.awaitExactly("capplanner.executor-service.dlq.v1", record -> true, 0,
                    Duration.ofSeconds(1))).as("a header names no place to write").isEmpty();
        }
    }

    @Test
    void withoutTheOpenedLinesOrWithAnotherFileItStopsWithUsage(@TempDir Path dir) throws Exception {
        assertThat(run("").exit()).isEqualTo(2);
        assertThat(run("").err()).contains("--opened is required");
        assertThat(run("", "--opened", dir.resolve("none.jsonl").toString()).exit()).isEqualTo(2);
        Path notOpened = Files.writeString(dir.resolve("other.txt"), "partition 0 offset 7\n");
        assertThat(run("", "--opened", notOpened.toString()).err()).contains("line 1 is not one of");
        assertThat(run("", "--opened", "-", "--only", "seven").err()).contains("partition:offset");
        Run absent = run(OPENED, "--opened", "-", "--only", "0:7,3:99");
        assertThat(absent.exit()).isEqualTo(1);
        assertThat(absent.lines()).extracting(line -> line.path("why").asText(""))
                .containsExactly("", "no such dead letter in the file");
        Run noConfig = run(OPENED, "--opened", "-", "--apply", "--command-config", dir.resolve("none.properties")
                .toString());
        assertThat(noConfig.exit()).isEqualTo(2);
        assertThat(noConfig.err()).contains("cannot read");
    }

    record Run(int exit, String out, String err) {
        List<JsonNode> lines() throws Exception {
            ObjectMapper json = new ObjectMapper();
            List<JsonNode> lines = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (!line.isBlank()) {
                    lines.add(json.readTree(line));
                }
            }
            return lines;
        }
    }

    private static Run run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ReplayDeadLettersMain.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
