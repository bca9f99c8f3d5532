package dev.capplanner.localstack.load;

import dev.capplanner.localstack.stack.JvmProfile;
import dev.capplanner.localstack.stack.StackOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code ./run-load.sh} runs: the stack's own options (ports, partitions) plus the load's. A
 * rate of 0 publishes as fast as the producer takes the turns (closed only by the producer's own
 * pace); any other rate is open-loop: turn i is published at i / rate seconds, whatever the suite
 * has answered by then.
 */
public record LoadOptions(StackOptions stack, double rate, int turns, String fault, boolean attach,
                          Optional<String> analystToken, Optional<Path> signingKey, int questions, long seed) {

    public static final long DEFAULT_SEED = 1;

    /** The faults this build injects. */
    public static final List<String> FAULTS = List.of("none", "poison", "duplicates", "kill-service", "db-outage",
            "broker-restart");
    /** The faults that stop and start the stack's own processes: only on a stack the run started. */
    public static final List<String> STACK_FAULTS = List.of("kill-service", "db-outage", "broker-restart");
    public static final String USAGE = """
            usage: ./run-load.sh [--rate TURNS_PER_S] [--turns N] [--partitions P] [--fault NAME]
                                 [--replicas R] [--jvm production|start-up]
                                 [--base-port N] [--kafka-port N] [--postgres-port N]
                                 [--attach --signing-key FILE [--analyst-token TOKEN]]

              --rate R         publish open-loop at R turns per second (default: as fast as the producer takes them)
              --turns N        how many turns (default 200)
              --questions Q    the turns' questions come from a pool of Q distinct questions over the demo
                               support desk (default 1000, from 1000 to 100000), drawn by a seeded generator; no
                               question repeats until all Q have been asked
              --seed S         the generator's seed (default 1): the same seed, the same questions
              --partitions P   partitions per topic (default 3)
              --replicas R     processes of each of the five services, one consumer each (default 1);
                               a scaling run gives as many as partitions: ./run-scaling.sh
              --jvm PROFILE    the service JVMs' configuration: production (default: what deploy/k8s runs,
                               both JIT tiers, the parallel collector, each pod's heap and CPU limit) or start-up (what
                               ./run-local.sh runs: the quick compiler and small heaps, for a fast start)
              --fault NAME     none (default); poison: invalid JSON, schema-invalid, unknown-version and
                               oversized events mixed in (each must be dead-lettered with its reason);
                               duplicates: every fifth turn published again (no second report, no call repeated);
                               kill-service: the executor killed (SIGKILL) halfway and started again;
                               db-outage: PostgreSQL refuses every session for 30 s from halfway (the
                               turns must complete once it is back, the services with a database must
                               report not ready meanwhile); broker-restart: the Kafka broker stopped
                               halfway and started again 10 s later (its log kept)
              --base-port N, --kafka-port N, --postgres-port N   as for ./run-local.sh
              --attach         use the stack already running at --kafka-port and --base-port (e.g.
                               ./run-local.sh in another terminal) instead of starting one: nothing is
                               started or stopped, so only the faults none, poison and duplicates; CPU and
                               memory are measured where its services run on this machine
              --signing-key FILE   with --attach (required), the chat-backend signing key ./run-local.sh
                               prints: every turn carries a principal token signed with it
              --analyst-token TOKEN   with --attach, the report API token ./run-local.sh prints: lets the
                               duplicates fault count stored reports

            Starts the local stack (or attaches to one), publishes the turns as a chat backend does, shows
            progress on stderr, then per-stage times and memory on stderr and one JSON line on stdout:
            {"turns":N,"completed":N,"dead_lettered":N,"lost":N,"p50_ms":x,"p95_ms":x,"p99_ms":x,
             "throughput_per_s":x,"baseline_p50_ms":x,"fault":"none"|NAME}
            """;

    /** A run on a stack it starts. */
    public LoadOptions(StackOptions stack, double rate, int turns, String fault) {
        this(stack, rate, turns, fault, false, Optional.empty(), Optional.empty());
    }

    /** A run with the default question pool. */
    public LoadOptions(StackOptions stack, double rate, int turns, String fault, boolean attach,
                       Optional<String> analystToken, Optional<Path> signingKey) {
        this(stack, rate, turns, fault, attach, analystToken, signingKey, QuestionPool.MINIMUM_SIZE, DEFAULT_SEED);
    }

    public LoadOptions {
        if (rate < 0) {
            throw new StackOptions.UsageException("--rate must not be negative");
        }
        if (turns < 1) {
            throw new StackOptions.UsageException("--turns must be at least 1");
        }
        if (questions < QuestionPool.MINIMUM_SIZE || questions > QuestionPool.MAXIMUM_SIZE) {
            throw new StackOptions.UsageException("--questions must be at least " + QuestionPool.MINIMUM_SIZE
                    + " and at most " + QuestionPool.MAXIMUM_SIZE);
        }
        if (!FAULTS.contains(fault)) {
            throw new StackOptions.UsageException("--fault must be one of " + String.join(", ", FAULTS)
                    + ", not " + fault);
        }
        if (attach && STACK_FAULTS.contains(fault)) {
            throw new StackOptions.UsageException("--fault " + fault + " stops and starts the stack's processes: it"
                    + " needs a stack this run starts (drop --attach)");
        }
        if (!attach && analystToken.isPresent()) {
            throw new StackOptions.UsageException("--analyst-token is for --attach: a stack this run starts has its own");
        }
        if (attach && signingKey.isEmpty()) {
            throw new StackOptions.UsageException("--attach needs --signing-key: a running stack accepts only turns"
                    + " signed with its chat-backend key (./run-local.sh prints its file)");
        }
        if (!attach && signingKey.isPresent()) {
            throw new StackOptions.UsageException("--signing-key is for --attach: a stack this run starts has its own");
        }
    }

    public static LoadOptions parse(Path home, String... args) {
        double rate = 0;
        int turns = 200;
        int partitions = 3;
        String fault = "none";
        boolean attach = false;
        boolean partitionsGiven = false;
        int replicas = 1;
        boolean replicasGiven = false;
        JvmProfile jvm = JvmProfile.PRODUCTION;
        boolean jvmGiven = false;
        Optional<String> analystToken = Optional.empty();
        Optional<Path> signingKey = Optional.empty();
        int questions = QuestionPool.MINIMUM_SIZE;
        long seed = DEFAULT_SEED;
        List<String> stackArgs = new ArrayList<>(List.of("--once"));
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String arg = rest.remove(0);
            switch (arg) {
                case "--rate" -> rate = number(arg, value(arg, rest));
                case "--turns" -> turns = (int) number(arg, value(arg, rest));
                case "--replicas" -> {
                    replicas = (int) number(arg, value(arg, rest));
                    replicasGiven = true;
                }
                case "--partitions" -> {
                    partitions = (int) number(arg, value(arg, rest));
                    partitionsGiven = true;
                }
                case "--questions" -> questions = (int) number(arg, value(arg, rest));
                case "--seed" -> seed = (long) number(arg, value(arg, rest));
                case "--jvm" -> {
                    jvm = JvmProfile.of(value(arg, rest));
                    jvmGiven = true;
                }
                case "--attach" -> attach = true;
                case "--analyst-token" -> analystToken = Optional.of(value(arg, rest));
                case "--signing-key" -> signingKey = Optional.of(Path.of(value(arg, rest)));
                case "--fault" -> fault = value(arg, rest);
                case "--base-port", "--kafka-port", "--postgres-port" -> {
                    stackArgs.add(arg);
                    stackArgs.add(value(arg, rest));
                }
                default -> throw new StackOptions.UsageException("unknown option " + arg);
            }
        }
        if (attach && (partitionsGiven || replicasGiven || jvmGiven)) {
            throw new StackOptions.UsageException("--partitions, --replicas and --jvm set up a stack this run starts; a"
                    + " running stack has its own (drop --attach, or them)");
        }
        // The load measures the Kafka path a chat backend takes; the turn gateway is not on it.
        StackOptions stack = StackOptions.parse(home, stackArgs.toArray(String[]::new)).withPartitions(partitions)
                .withReplicas(replicas).withJvm(jvm).withoutGateway();
        return new LoadOptions(stack, rate, turns, fault, attach, analystToken, signingKey, questions, seed);
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
