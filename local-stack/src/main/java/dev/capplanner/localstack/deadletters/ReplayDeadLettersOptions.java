package dev.capplanner.localstack.deadletters;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/** What {@code ./replay-dead-letters.sh} is asked to re-publish, and where to. */
record ReplayDeadLettersOptions(Path opened, Set<String> only, boolean apply, String bootstrapServers,
                                Optional<Path> commandConfig) {

    static final String USAGE = """
            Usage: ./replay-dead-letters.sh --opened FILE [--only P:O[,P:O...]] [--apply] [options]
            Re-publishes dead letters that ./open-dead-letters.sh opened (its JSON lines, in FILE, or - for
            stdin) to the topic each one failed on (its dead-letter-topic header), keyed as it was, with its
            own headers (the dead-letter-* ones left out). A dry run unless --apply: nothing is published,
            and one JSON line per dead letter says what would be done:
              {"partition":N,"offset":N,"to":"<topic>","reason":"<dead-letter-reason>","bytes":N,"action":"would replay"}
            With --apply the action is "replayed". A line that did not open, holds no value, or names no
            topic a service consumes is "skipped", with "why". A turn (capplanner.turn.requested.v1) is
            skipped too: the dead letter keeps no principal token, so its chat backend must send it again.
            Exit 0 when every chosen dead letter was (or would be) replayed, 1 when one was skipped, 2 on a
            usage or connection error. Fix the cause first: a replayed record that fails again is
            dead-lettered again.
              --opened FILE              open-dead-letters.sh's output (required; - for stdin)
              --only P:O[,P:O...]        only the dead letters at these partitions and offsets
              --apply                    publish (default: a dry run)
              --bootstrap-server H:P     Kafka brokers (default localhost:9092)
              --command-config FILE      Kafka client properties (TLS, SASL), as Kafka's own tools take them
            """;

    static ReplayDeadLettersOptions parse(String[] args) {
        Path opened = null;
        Set<String> only = new LinkedHashSet<>();
        boolean apply = false;
        String bootstrap = "localhost:9092";
        Optional<Path> commandConfig = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("--apply")) {
                apply = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new OpenDeadLettersOptions.UsageException(name + " needs a value");
            }
            String value = args[++i];
            switch (name) {
                case "--opened" -> opened = Path.of(value);
                case "--only" -> only.addAll(places(value));
                case "--bootstrap-server" -> bootstrap = value;
                case "--command-config" -> commandConfig = Optional.of(Path.of(value));
                default -> throw new OpenDeadLettersOptions.UsageException("unknown option " + name);
            }
        }
        if (opened == null) {
            throw new OpenDeadLettersOptions.UsageException("--opened is required");
        }
        return new ReplayDeadLettersOptions(opened, Set.copyOf(only), apply, bootstrap, commandConfig);
    }

    /** "0:7,1:12" as the places "0:7" and "1:12". */
    private static Set<String> places(String value) {
        Set<String> places = new LinkedHashSet<>();
        for (String place : value.split(",")) {
            String trimmed = place.strip();
            if (!trimmed.matches("\\d{1,9}:\\d{1,18}")) {
                throw new OpenDeadLettersOptions.UsageException("--only takes partition:offset pairs, such as 0:7,1:12");
            }
            places.add(trimmed);
        }
        return places;
    }
}
