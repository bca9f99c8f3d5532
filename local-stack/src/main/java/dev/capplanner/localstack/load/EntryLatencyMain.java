package dev.capplanner.localstack.load;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.TraceParent;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.localstack.stack.AttachedStack;
import dev.capplanner.localstack.stack.ChatBackendClient;
import dev.capplanner.localstack.stack.ChatBackendKey;
import dev.capplanner.localstack.stack.LoadTarget;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * What the turn gateway adds to a turn: on a running stack ({@code ./run-local.sh}), the same
 * questions one turn at a time, each asked once over Kafka (published as a chat backend publishes
 * it, its completion read from {@code capplanner.turn.completed.v1}) and once over HTTP
 * ({@code POST /turns}, the completion as the response), the order alternating; the time from
 * sending to holding the completion, per path, and the paired difference. One at a time, so the
 * figure is the entry's own cost, not queueing.
 *
 * <pre>java -cp local-stack/target/local-stack.jar dev.capplanner.localstack.load.EntryLatencyMain \
 *     --signing-key FILE [--base-port 18080] [--kafka-port 19092] [--turns 200] [--warm-up 20] [--seed 1]</pre>
 */
public final class EntryLatencyMain {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final PrincipalTokenSigner signer;
    private final ChatBackendClient kafka;
    private final KafkaConsumer<String, String> completions;
    private final HttpClient http = HttpClient.newHttpClient();
    private final URI turns;

    private EntryLatencyMain(AttachedStack stack) {
        this.signer = stack.turnSigner();
        this.kafka = new ChatBackendClient(stack.kafkaBootstrapServers());
        this.completions = new KafkaConsumer<>(Map.of("bootstrap.servers", stack.kafkaBootstrapServers(),
                "enable.auto.commit", "false", "fetch.max.wait.ms", "100"), new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = completions.partitionsFor(EventType.TURN_COMPLETED.topic()).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
        completions.assign(partitions);
        completions.seekToEnd(partitions);
        partitions.forEach(completions::position);
        LoadTarget target = stack;
        this.turns = URI.create(target.apps().get(StackOptions.GATEWAY).url("/turns"));
    }

    public static void main(String[] args) throws Exception {
        Path signingKey = null;
        String basePort = String.valueOf(StackOptions.DEFAULT_BASE_PORT);
        String kafkaPort = String.valueOf(StackOptions.DEFAULT_KAFKA_PORT);
        int count = 200;
        int warmUp = 20;
        long seed = 1;
        for (int i = 0; i < args.length; i += 2) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            if (value == null) {
                usage(args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--signing-key" -> signingKey = Path.of(value);
                case "--base-port" -> basePort = value;
                case "--kafka-port" -> kafkaPort = value;
                case "--turns" -> count = Integer.parseInt(value);
                case "--warm-up" -> warmUp = Integer.parseInt(value);
                case "--seed" -> seed = Long.parseLong(value);
                default -> usage("unknown option " + args[i]);
            }
        }
        if (signingKey == null || count < 1 || warmUp < 0) {
            usage("--signing-key is required; --turns at least 1");
        }
        StackOptions options = StackOptions.parse(Path.of("").toAbsolutePath(), "--base-port", basePort,
                "--kafka-port", kafkaPort);
        EntryLatencyMain run = new EntryLatencyMain(AttachedStack.connect(options, Optional.empty(), signingKey));
        QuestionPool pool = new QuestionPool(seed, QuestionPool.MINIMUM_SIZE);
        List<Long> overKafka = new ArrayList<>();
        List<Long> overHttp = new ArrayList<>();
        for (int i = 0; i < warmUp + count; i++) {
            String question = pool.question(i % pool.size());
            boolean httpFirst = i % 2 == 1;
            long first = httpFirst ? run.overHttp(question) : run.overKafka(question);
            long second = httpFirst ? run.overKafka(question) : run.overHttp(question);
            if (i >= warmUp) {
                overKafka.add(httpFirst ? second : first);
                overHttp.add(httpFirst ? first : second);
            }
        }
        List<Long> differences = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            differences.add(overHttp.get(i) - overKafka.get(i));
        }
        System.out.printf("turns: %d per path after %d warm-up pairs, one at a time, order alternating%n", count, warmUp);
        System.out.println("over Kafka: " + summary(overKafka));
        System.out.println("over HTTP (POST /turns): " + summary(overHttp));
        System.out.printf("HTTP minus Kafka, paired: p50 %.1f ms, mean %.1f ms%n", millis(percentile(differences, 0.50)),
                millis((long) differences.stream().mapToLong(Long::longValue).average().orElse(0)));
        run.close();
    }

    private long overKafka(String question) {
        TurnRequested turn = turn(question);
        long started = System.nanoTime();
        kafka.publish(EventType.TURN_REQUESTED.topic(), turn.run().conversationId(), RunEventJson.toJson(turn),
                ChatBackendKey.signedTurnHeaders(turn, "urn:capplanner:entry-latency", TraceParent.newTrace(), signer));
        long deadline = started + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            for (ConsumerRecord<String, String> record : completions.poll(Duration.ofMillis(20))) {
                if (turn.run().runId().equals(ChatBackendClient.header(record, "ce_subject"))
                        && turn.run().conversationId().equals(record.key())) {
                    return System.nanoTime() - started;
                }
            }
        }
        throw new IllegalStateException("no completion for " + turn.run().runId() + " over Kafka");
    }

    private long overHttp(String question) throws IOException, InterruptedException {
        TurnRequested turn = turn(question);
        long started = System.nanoTime();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(turns).timeout(PATIENCE)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .header("Authorization", PrincipalHeader.valueOf(signer.sign(turn.run())))
                .POST(HttpRequest.BodyPublishers.ofString(RunEventJson.toJson(turn))).build(),
                HttpResponse.BodyHandlers.ofString());
        long elapsed = System.nanoTime() - started;
        if (response.statusCode() != 200) {
            throw new IllegalStateException("POST /turns answered " + response.statusCode() + ": " + response.body());
        }
        return elapsed;
    }

    private static TurnRequested turn(String question) {
        String id = UUID.randomUUID().toString();
        RunContext run = new RunContext("entry-" + id, "turn-" + id, 0, "acme", "support-desk", "conv-" + id,
                new Principal("u-17", List.of("support-agent")));
        return new TurnRequested(RunEvent.SCHEMA_VERSION, id, Instant.now().truncatedTo(ChronoUnit.MILLIS), run, question,
                List.of(), null);
    }

    private static String summary(List<Long> nanos) {
        return String.format("p50 %.1f ms, p95 %.1f ms, mean %.1f ms", millis(percentile(nanos, 0.50)),
                millis(percentile(nanos, 0.95)), millis((long) nanos.stream().mapToLong(Long::longValue).average().orElse(0)));
    }

    /** The load's nearest rank, over these values sorted. */
    private static long percentile(List<Long> values, double fraction) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return (long) LoadRun.percentile(sorted, fraction);
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }

    private void close() {
        completions.close();
        kafka.close();
    }

    private static void usage(String problem) {
        System.err.println("error: " + problem);
        System.err.println("usage: java -cp local-stack/target/local-stack.jar dev.capplanner.localstack.load.EntryLatencyMain"
                + " --signing-key FILE [--base-port N] [--kafka-port N] [--turns N] [--warm-up N] [--seed S]");
        System.exit(2);
    }
}
