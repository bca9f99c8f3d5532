package dev.capplanner.localstack.deadletters;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** What {@code ./open-dead-letters.sh} is asked to open, and where from. */
record OpenDeadLettersOptions(String bootstrapServers, String topic, Optional<Path> commandConfig,
                              OptionalInt partition, OptionalLong offset, int maxRecords) {

    /** The most dead letters one run prints unless told otherwise: a topic keeps 14 days of them. */
    static final int DEFAULT_MAX_RECORDS = 1000;

    static final String USAGE = """
            Usage: CAPPLANNER_DEAD_LETTERS_KEYS=keyId:base64secret[,keyId:base64secret] \\
                     ./open-dead-letters.sh --topic capplanner.<service>.dlq.v1 [options]
            Opens a service's encrypted dead letters with the operators' dead-letter keys (from the
            environment, never an argument) and prints one JSON line per dead letter on stdout:
              {"partition":N,"offset":N,"key":...,"headers":{...},"value":"<the failed record>"}
            or, for one that does not open, {"partition":N,"offset":N,"key":...,"headers":{...},"error":"<why>"}.
            Exit 0 when every dead letter opened, 1 when one did not, 2 on a usage or connection error.
              --topic NAME               the dead-letter topic (required)
              --bootstrap-server H:P     Kafka brokers (default localhost:9092)
              --command-config FILE      Kafka client properties (TLS, SASL), as Kafka's own tools take them
              --partition N              only this partition
              --offset N                 with --partition: only the dead letter at this offset
              --max-records N            print at most N dead letters (default 1000)
            """;

    static OpenDeadLettersOptions parse(String[] args) {
        String bootstrap = "localhost:9092";
        String topic = null;
        Optional<Path> commandConfig = Optional.empty();
        OptionalInt partition = OptionalInt.empty();
        OptionalLong offset = OptionalLong.empty();
        int maxRecords = DEFAULT_MAX_RECORDS;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new UsageException(name + " needs a value");
            }
            String value = args[++i];
            switch (name) {
                case "--topic" -> topic = value;
                case "--bootstrap-server" -> bootstrap = value;
                case "--command-config" -> commandConfig = Optional.of(Path.of(value));
                case "--partition" -> partition = OptionalInt.of(nonNegative(name, value));
                case "--offset" -> offset = OptionalLong.of(nonNegative(name, value));
                case "--max-records" -> maxRecords = Math.max(1, nonNegative(name, value));
                default -> throw new UsageException("unknown option " + name);
            }
        }
        if (topic == null || topic.isBlank()) {
            throw new UsageException("--topic is required");
        }
        if (offset.isPresent() && partition.isEmpty()) {
            throw new UsageException("--offset needs --partition");
        }
        return new OpenDeadLettersOptions(bootstrap, topic, commandConfig, partition, offset,
                offset.isPresent() ? 1 : maxRecords);
    }

    private static int nonNegative(String name, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(name + " takes a number of 0 or more");
    }

    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
