package dev.capplanner.localstack.deadletters;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.contracts.deadletters.DeadLetterHeader;
import dev.capplanner.contracts.deadletters.DeadLetterKeys;
import dev.capplanner.contracts.deadletters.DeadLetterOpener;
import dev.capplanner.contracts.deadletters.DeadLetterOpener.NotOpenedException;
import dev.capplanner.contracts.deadletters.DeadLetterOpener.OpenedDeadLetter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * {@code ./open-dead-letters.sh}: an operator opens a service's dead letters, whose payloads are
 * encrypted (rule "dead letters carry the reason"), to see what failed and replay it once the cause
 * is fixed (docs/sre-runbook.md, "Dead letters"). The keys come from {@code CAPPLANNER_DEAD_LETTERS_KEYS}
 * only, so they never show in a process list or a shell history; the topic is read without a consumer
 * group, so nothing is committed and the services' own reading is untouched.
 */
public final class OpenDeadLettersMain {

    static final String KEYS_VARIABLE = "CAPPLANNER_DEAD_LETTERS_KEYS";
    /** The most one opened dead letter may hold: a record is at most 16 MiB, its headers a little more. */
    static final long MAX_OPENED_BYTES = 32L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenDeadLettersMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            out.print(OpenDeadLettersOptions.USAGE);
            return 0;
        }
        OpenDeadLettersOptions options;
        DeadLetterOpener opener;
        Properties client;
        try {
            options = OpenDeadLettersOptions.parse(args);
            opener = new DeadLetterOpener(keys(environment), MAX_OPENED_BYTES);
            client = clientProperties(options);
        } catch (OpenDeadLettersOptions.UsageException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.print(OpenDeadLettersOptions.USAGE);
            return 2;
        }
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(client, new StringDeserializer(),
                new StringDeserializer())) {
            int[] counts = read(consumer, options, record -> print(record, opener, out));
            err.printf("opened %d dead letter(s) of %s, %d not opened%n", counts[0], options.topic(), counts[1]);
            return counts[1] == 0 ? 0 : 1;
        } catch (KafkaException | NoSuchTopicException e) {
            err.println("error: cannot read " + options.topic() + ": " + e.getMessage());
            return 2;
        }
    }

    private static DeadLetterKeys keys(Map<String, String> environment) {
        String pairs = environment.get(KEYS_VARIABLE);
        if (pairs == null || pairs.isBlank()) {
            throw new IllegalArgumentException(KEYS_VARIABLE + " is not set: the dead-letter keys, keyId:base64secret,"
                    + " comma-separated (the Secret capplanner-dead-letters, key keys)");
        }
        return DeadLetterKeys.parse(Arrays.stream(pairs.split(",")).map(String::trim).filter(p -> !p.isEmpty()).toList(),
                null);
    }

    private static Properties clientProperties(OpenDeadLettersOptions options) {
        Properties props = KafkaClientConfig.load(options.commandConfig());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        return props;
    }

    /** Reads the chosen partitions from the start (or the one offset) up to their end as it was when asked. */
    private static int[] read(KafkaConsumer<String, String> consumer, OpenDeadLettersOptions options,
                              java.util.function.Predicate<ConsumerRecord<String, String>> print) {
        List<TopicPartition> partitions = new ArrayList<>();
        var known = consumer.partitionsFor(options.topic());
        if (known == null || known.isEmpty()) {
            throw new NoSuchTopicException("no such topic");
        }
        known.stream().filter(p -> options.partition().isEmpty() || p.partition() == options.partition().getAsInt())
                .forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
        if (partitions.isEmpty()) {
            throw new NoSuchTopicException("no partition " + options.partition().getAsInt());
        }
        consumer.assign(partitions);
        if (options.offset().isPresent()) {
            consumer.seek(partitions.get(0), options.offset().getAsLong());
        } else {
            consumer.seekToBeginning(partitions);
        }
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        int[] counts = new int[2];
        while (counts[0] + counts[1] < options.maxRecords()
                && partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                if (record.offset() >= ends.get(partition) || counts[0] + counts[1] >= options.maxRecords()) {
                    continue;
                }
                counts[print.test(record) ? 0 : 1]++;
            }
        }
        return counts;
    }

    /** One JSON line; whether the dead letter opened. */
    private static boolean print(ConsumerRecord<String, String> record, DeadLetterOpener opener, PrintStream out) {
        List<DeadLetterHeader> headers = new ArrayList<>();
        record.headers().forEach(h -> headers.add(new DeadLetterHeader(h.key(), h.value())));
        ObjectNode line = JSON.createObjectNode();
        line.put("partition", record.partition());
        line.put("offset", record.offset());
        line.put("key", record.key());
        boolean opened;
        try {
            OpenedDeadLetter letter = opener.open(record.topic(), headers,
                    record.value() == null ? null : record.value().getBytes(StandardCharsets.UTF_8));
            headersOf(line, letter.headers());
            line.put("value", letter.payloadText());
            opened = true;
        } catch (NotOpenedException e) {
            headersOf(line, headers);
            line.put("error", e.getMessage());
            opened = false;
        }
        out.println(line);
        return opened;
    }

    /**
     * The headers by name, the first of a name kept: the connector writes its {@code dead-letter-*}
     * headers before the record's own, so a record that carried a {@code dead-letter-topic} of its own
     * cannot name where a replay sends it.
     */
    private static void headersOf(ObjectNode line, List<DeadLetterHeader> headers) {
        ObjectNode object = line.putObject("headers");
        headers.forEach(header -> {
            if (!object.has(header.name())) {
                object.put(header.name(), header.text());
            }
        });
    }

    private static final class NoSuchTopicException extends RuntimeException {
        NoSuchTopicException(String message) {
            super(message);
        }
    }
}
