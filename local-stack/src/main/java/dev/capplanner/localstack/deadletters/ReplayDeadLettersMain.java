package dev.capplanner.localstack.deadletters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.contracts.Topics;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * {@code ./replay-dead-letters.sh}: after fixing what made records fail, an operator re-publishes
 * the dead letters {@code ./open-dead-letters.sh} opened to the topics they failed on (rule "bad
 * input loses nothing"), a dry run unless told to apply. Only the topics a service consumes are
 * written to, whatever a dead letter's header names, and a turn is never replayed without the
 * principal token its chat backend must give it anew.
 */
public final class ReplayDeadLettersMain {

    /** The topics whose consumers dead-letter records, and so the only ones a replay writes to. */
    static final Set<String> REPLAYABLE = Set.of(Topics.SNAPSHOT_BUILT, Topics.ROUTE_SELECTED, Topics.PLAN_PROPOSED,
            Topics.ACTIONS_EXECUTED, Topics.SHADOW_COMPARED);
    /** The most lines one run reads: open-dead-letters.sh prints 1,000 unless asked for more. */
    static final int MAX_LINES = 100_000;
    private static final long SEND_TIMEOUT_SECONDS = 30;
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplayDeadLettersMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream stdin, PrintStream out, PrintStream err) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            out.print(ReplayDeadLettersOptions.USAGE);
            return 0;
        }
        ReplayDeadLettersOptions options;
        List<JsonNode> lines;
        try {
            options = ReplayDeadLettersOptions.parse(args);
            lines = read(options, stdin);
        } catch (OpenDeadLettersOptions.UsageException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.print(ReplayDeadLettersOptions.USAGE);
            return 2;
        }
        List<Replay> chosen = new ArrayList<>();
        Set<String> found = new java.util.HashSet<>();
        for (JsonNode line : lines) {
            String place = line.path("partition").asText() + ":" + line.path("offset").asText();
            if (options.only().isEmpty() || options.only().contains(place)) {
                chosen.add(Replay.of(line));
                found.add(place);
            }
        }
        // A place asked for that the file does not hold is said, not passed over.
        options.only().stream().filter(place -> !found.contains(place)).sorted().forEach(place -> chosen.add(
                Replay.missing(place)));
        if (!options.apply()) {
            chosen.forEach(replay -> out.println(replay.line(replay.why() == null ? "would replay" : "skipped")));
            err.printf("dry run: %d dead letter(s) would be replayed, %d skipped; nothing was published (--apply"
                    + " publishes)%n", count(chosen, true), count(chosen, false));
            return count(chosen, false) == 0 ? 0 : 1;
        }
        Properties producer;
        try {
            producer = producerProperties(options);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        try (KafkaProducer<String, String> kafka = new KafkaProducer<>(producer, new StringSerializer(),
                new StringSerializer())) {
            int replayed = 0;
            int skipped = 0;
            for (Replay replay : chosen) {
                if (replay.why() != null) {
                    out.println(replay.line("skipped"));
                    skipped++;
                    continue;
                }
                kafka.send(replay.record()).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                out.println(replay.line("replayed"));
                replayed++;
            }
            err.printf("replayed %d dead letter(s), %d skipped%n", replayed, skipped);
            return skipped == 0 ? 0 : 1;
        } catch (KafkaException | ExecutionException | TimeoutException e) {
            err.println("error: cannot publish: " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return 2;
        }
    }

    private static long count(List<Replay> replays, boolean replayable) {
        return replays.stream().filter(replay -> (replay.why() == null) == replayable).count();
    }

    private static List<JsonNode> read(ReplayDeadLettersOptions options, InputStream stdin) {
        try (Reader reader = options.opened().toString().equals("-")
                ? new InputStreamReader(stdin, StandardCharsets.UTF_8)
                : Files.newBufferedReader(options.opened(), StandardCharsets.UTF_8);
             BufferedReader lines = new BufferedReader(reader)) {
            List<JsonNode> read = new ArrayList<>();
            String line;
            int number = 0;
            while ((line = lines.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                if (read.size() >= MAX_LINES) {
                    throw new IllegalArgumentException("more than " + MAX_LINES + " lines: replay them in parts");
                }
                try {
                    read.add(JSON.readTree(line));
                } catch (IOException e) {
                    throw new IllegalArgumentException("line " + number + " is not one of open-dead-letters.sh's"
                            + " JSON lines");
                }
            }
            return read;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + options.opened() + ": " + e.getClass().getSimpleName());
        }
    }

    private static Properties producerProperties(ReplayDeadLettersOptions options) {
        Properties props = KafkaClientConfig.load(options.commandConfig());
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        // As the services publish: compressed, so a record that fitted once fits again.
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, String.valueOf(OpenDeadLettersMain.MAX_OPENED_BYTES));
        return props;
    }

    /** One opened dead letter: where it goes back to, or why it does not. */
    private record Replay(JsonNode line, String topic, String why) {

        static Replay of(JsonNode line) {
            String topic = line.path("headers").path("dead-letter-topic").asText(null);
            String why = null;
            if (line.hasNonNull("error")) {
                why = "did not open: " + line.get("error").asText();
            } else if (!line.path("value").isTextual()) {
                why = "no value";
            } else if (line.hasNonNull("key") && !line.get("key").isTextual()) {
                why = "a key that is not text";
            } else if (Topics.TURN_REQUESTED.equals(topic)) {
                why = "a turn needs a fresh principal token: its chat backend sends it again";
            } else if (topic == null || !REPLAYABLE.contains(topic)) {
                why = "not a topic a service consumes: " + (topic == null ? "none named" : topic);
            }
            return new Replay(line, topic, why);
        }

        /** A place {@code --only} named that the file does not hold. */
        static Replay missing(String place) {
            String[] parts = place.split(":");
            ObjectNode line = JSON.createObjectNode();
            line.put("partition", Integer.parseInt(parts[0]));
            line.put("offset", Long.parseLong(parts[1]));
            return new Replay(line, null, "no such dead letter in the file");
        }

        ProducerRecord<String, String> record() {
            String key = line.hasNonNull("key") ? line.get("key").asText() : null;
            ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, line.get("value").asText());
            line.path("headers").fields().forEachRemaining(header -> {
                // The failure's own marks stay behind; everything the record carried goes back with it.
                if (!header.getKey().startsWith("dead-letter-") && !header.getKey().startsWith("deserialization-failure-")
                        && header.getValue().isTextual()) {
                    record.headers().add(new RecordHeader(header.getKey(),
                            header.getValue().asText().getBytes(StandardCharsets.UTF_8)));
                }
            });
            return record;
        }

        /** What is (or would be) done, without the value: it may hold personal data. */
        String line(String action) {
            ObjectNode out = JSON.createObjectNode();
            out.set("partition", line.path("partition"));
            out.set("offset", line.path("offset"));
            out.put("to", topic);
            out.put("reason", line.path("headers").path("dead-letter-reason").asText(null));
            if (line.path("value").isTextual()) {
                out.put("bytes", line.get("value").asText().getBytes(StandardCharsets.UTF_8).length);
            }
            out.put("action", action);
            if (why != null) {
                out.put("why", why);
            }
            return out.toString();
        }
    }
}
