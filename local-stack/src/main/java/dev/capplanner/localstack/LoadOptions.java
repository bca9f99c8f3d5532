package dev.capplanner.localstack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code ./run-load.sh} runs: the stack's own options (ports, partitions) plus the load's. A
 * rate of 0 publishes as fast as the producer takes the turns (closed only by the producer's own
 * pace); any other rate is open-loop: turn i is published at i / rate seconds, whatever the suite
 * has answered by then.
 */
public record LoadOptions(StackOptions stack, double rate, int turns, String fault) {

    /** The faults this build injects. */
    public static final List<String> FAULTS = List.of("none", "poison", "duplicates", "kill-service", "db-outage",
            "broker-restart");
    public static final String USAGE = """
            usage: ./run-load.sh [--rate TURNS_PER_S] [--turns N] [--partitions P] [--fault NAME]
                                 [--base-port N] [--kafka-port N] [--postgres-port N]

              --rate R         publish open-loop at R turns per second (default: as fast as the producer takes them)
              --turns N        how many turns (default 200), the demo conversation's questions in turn
              --partitions P   partitions per topic (default 3)
              --fault NAME     none (default); poison: invalid JSON, schema-invalid, unknown-version and
                               oversized events mixed in (each must be dead-lettered with its reason);
                               duplicates: every fifth turn published again (no second report, no call repeated);
                               kill-service: the executor killed (SIGKILL) halfway and started again;
                               db-outage: PostgreSQL refuses every session for 30 s from halfway (the
                               turns must complete once it is back, the services with a database must
                               report not ready meanwhile); broker-restart: the Kafka broker stopped
                               halfway and started again 10 s later (its log kept)
              --base-port N, --kafka-port N, --postgres-port N   as for ./run-local.sh

            Starts the local stack, publishes the turns as a chat backend does, shows progress on stderr,
            then per-stage times and memory on stderr and one JSON line on stdout:
            {"turns":N,"completed":N,"dead_lettered":N,"lost":N,"p50_ms":x,"p95_ms":x,"p99_ms":x,
             "throughput_per_s":x,"baseline_p50_ms":x,"fault":"none"|NAME}
            """;

    public LoadOptions {
        if (rate < 0) {
            throw new StackOptions.UsageException("--rate must not be negative");
        }
        if (turns < 1) {
            throw new StackOptions.UsageException("--turns must be at least 1");
        }
        if (!FAULTS.contains(fault)) {
            throw new StackOptions.UsageException("--fault must be one of " + String.join(", ", FAULTS)
                    + ", not " + fault);
        }
    }

    public static LoadOptions parse(Path home, String... args) {
        double rate = 0;
        int turns = 200;
        int partitions = 3;
        String fault = "none";
        List<String> stackArgs = new ArrayList<>(List.of("--once"));
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String arg = rest.remove(0);
            switch (arg) {
                case "--rate" -> rate = number(arg, value(arg, rest));
                case "--turns" -> turns = (int) number(arg, value(arg, rest));
                case "--partitions" -> partitions = (int) number(arg, value(arg, rest));
                case "--fault" -> fault = value(arg, rest);
                case "--base-port", "--kafka-port", "--postgres-port" -> {
                    stackArgs.add(arg);
                    stackArgs.add(value(arg, rest));
                }
                default -> throw new StackOptions.UsageException("unknown option " + arg);
            }
        }
        StackOptions stack = StackOptions.parse(home, stackArgs.toArray(String[]::new)).withPartitions(partitions);
        return new LoadOptions(stack, rate, turns, fault);
    }

    private static String value(String option, List<String> rest) {
        if (rest.isEmpty()) {
            throw new StackOptions.UsageException(option + " needs a value");
        }
        return rest.remove(0);
    }

    private static double number(String option, String value) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new StackOptions.UsageException(option + " must be a number, not " + value);
        }
    }
}
