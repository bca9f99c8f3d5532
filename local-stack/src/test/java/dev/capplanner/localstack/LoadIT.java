package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.localstack.load.CpuUse;
import dev.capplanner.localstack.load.LoadMain;
import dev.capplanner.localstack.load.LoadOptions;
import dev.capplanner.localstack.load.LoadResult;
import dev.capplanner.localstack.load.LoadRun;
import dev.capplanner.localstack.load.StageMetrics;
import dev.capplanner.localstack.stack.AttachedStack;
import dev.capplanner.localstack.stack.DatabaseOutageFault;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.localstack.stack.ServiceProcess;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * The load driver's short variants on one packaged stack (real Kafka and PostgreSQL, the services as
 * separate processes, two of each in its consumer group): every record published ends completed or
 * dead-lettered with its reason, poison of every kind is dead-lettered, a re-published turn repeats
 * no call and stores no second report, the executor killed mid-run loses no turn and repeats no
 * call, turns published while the database is away complete once it is back, a broker restarted
 * mid-run loses no turn, and a run attached to the running stack measures it without starting one.
 */
class LoadIT {

    /** Two processes of each service, as a scaled deployment runs them: faults hit one of two. */
    static final int REPLICAS = 2;
    static LocalStack stack;
    static final ByteArrayOutputStream ERR = new ByteArrayOutputStream();

    @BeforeAll
    static void startTheStack() {
        Path home = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();
        Map<String, Integer> http = new LinkedHashMap<>();
        StackOptions.APPS.forEach(app -> http.put(app, 0));
        StackOptions options = new StackOptions(home, home.resolve("demo/conversation.jsonl"), true, 0, 0, http, 0,
                Duration.ofSeconds(60), StackOptions.DEFAULT_PLANNER_MODE).withReplicas(REPLICAS);
        stack = LocalStack.start(options, new PrintStream(ERR, true, StandardCharsets.UTF_8));
    }

    /** Where the services' logs are kept when a test failed: the stack removes its own on close. */
    static final Path KEPT_LOGS = Path.of("target", "load-it-logs");
    static volatile boolean anyFailed;

    @RegisterExtension
    static final TestWatcher FAILURES = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            anyFailed = true;
        }
    };

    @AfterAll
    static void stop() throws IOException {
        System.out.println(ERR.toString(StandardCharsets.UTF_8));
        if (stack != null) {
            if (anyFailed) {
                keepLogs(stack.logDirectory());
            }
            stack.close();
        }
    }

    private static void keepLogs(Path logs) throws IOException {
        Files.createDirectories(KEPT_LOGS);
        try (Stream<Path> files = Files.list(logs)) {
            for (Path file : files.toList()) {
                Files.copy(file, KEPT_LOGS.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        System.out.println("the services' logs are kept in " + KEPT_LOGS.toAbsolutePath());
    }

    /**
     * Soak runs: {@code ./mvnw -pl local-stack verify -Dload.soak.turns=3000} runs every fault below with
     * that many turns instead of the short variant's few dozen (the rates stay).
     */
    static final int SOAK_TURNS = Integer.getInteger("capplanner.load.soak-turns", 0);

    private static int turns(int shortVariant) {
        return SOAK_TURNS > 0 ? SOAK_TURNS : shortVariant;
    }

    private static LoadResult load(int turns, double rate, String fault) {
        LoadOptions options = new LoadOptions(stack.options(), rate, turns, fault);
        LoadResult result = new LoadRun(options, stack, new PrintStream(ERR, true, StandardCharsets.UTF_8)).run();
        LoadMain.report(result, stack, new PrintStream(ERR, true, StandardCharsets.UTF_8));
        System.out.println(result.json());
        return result;
    }

    @Test
    void openLoopTurnsAllCompleteAndTheStagesOwnTimeIsMeasured() {
        int turns = turns(40);
        LoadResult result = load(turns, 20, "none");
        assertThat(result.turns()).isEqualTo(turns);
        assertThat(result.completed()).isEqualTo(turns);
        assertThat(result.lost()).isZero();
        assertThat(result.p50Ms()).isPositive().isLessThanOrEqualTo(result.p99Ms());
        assertThat(result.stages()).extracting(StageMetrics.Stage::service).containsAll(LoadRun.TURN_PATH)
                .as("each service's second process read its share of the partitions")
                .containsAll(LoadRun.TURN_PATH.stream().map(service -> StackOptions.replicaName(service, 2)).toList());
        assertThat(result.cpu().get(CpuUse.POSTGRES)).as("PostgreSQL, found by its port").isPositive();
        assertThat(result.baselineP50Ms()).as("the stages' own time is part of the turn's").isPositive()
                .isLessThan(result.p50Ms());
        assertThat(result.json()).matches("\\{\"turns\":" + turns + ",\"completed\":" + turns
                + ",\"dead_lettered\":0,\"lost\":0,"
                + "\"p50_ms\":[0-9.]+,\"p95_ms\":[0-9.]+,\"p99_ms\":[0-9.]+,\"throughput_per_s\":[0-9.]+,"
                + "\"baseline_p50_ms\":[0-9.]+,\"fault\":\"none\"}");
    }

    @Test
    void poisonOfEveryKindIsDeadLetteredWithItsReasonAndNoTurnIsLost() {
        int turns = turns(40);
        LoadResult result = load(turns, 20, "poison");
        assertThat(result.turns()).as("a poison record every tenth turn: invalid JSON, no run, v9, oversized in turn")
                .isEqualTo(turns + turns / 10);
        assertThat(result.completed()).isEqualTo(turns);
        assertThat(result.deadLettered()).isEqualTo(turns / 10);
        assertThat(result.lost()).isZero();
    }

    @Test
    void aServiceKilledMidRunLosesNoTurnAndRepeatsNoCall() {
        int turns = turns(30);
        LoadResult result = load(turns, 10, "kill-service");
        assertThat(result.completed()).isEqualTo(turns);
        assertThat(result.lost()).isZero();
        assertThat(result.repeatedCalls()).isZero();
        // Not a speed target but recovery: the killed member's partitions must move after the
        // services' 10 s session timeout, not the Kafka client's default of 45 s.
        assertThat(result.p99Ms()).as("turns wait for the group to give up on the killed member")
                .isLessThan(30_000);
    }

    @Test
    void turnsPublishedDuringADatabaseOutageCompleteOnceItIsBackAndReadinessShowedIt() {
        int turns = turns(30);
        LoadResult result = load(turns, 10, "db-outage");
        assertThat(result.completed()).isEqualTo(turns);
        assertThat(result.deadLettered()).as("an outage is not a reason to dead-letter").isZero();
        assertThat(result.lost()).isZero();
        assertThat(result.repeatedCalls()).isZero();
        assertThat(result.deniedCalls()).as("the last mile waited for the registry, it denied nothing").isZero();
        assertThat(result.unreadyDuringOutage()).containsAll(DatabaseOutageFault.WITH_DATABASE);
        assertThat(result.notReadyAfterOutage()).as("every process ready again once the database is back").isEmpty();
        assertThat(result.p99Ms()).as("the turns in flight waited for the database")
                .isGreaterThan(DatabaseOutageFault.OUTAGE.toMillis() / 2);
    }

    @Test
    void aBrokerRestartedMidRunLosesNoTurnAndRepeatsNoCall() {
        int turns = turns(30);
        LoadResult result = load(turns, 10, "broker-restart");
        assertThat(result.completed()).isEqualTo(turns);
        assertThat(result.deadLettered()).isZero();
        assertThat(result.lost()).isZero();
        assertThat(result.repeatedCalls()).isZero();
    }

    @Test
    void republishedTurnsRepeatNoCallAndStoreNoSecondReport() {
        int turns = turns(20);
        LoadResult result = load(turns, 20, "duplicates");
        assertThat(result.completed()).isEqualTo(turns);
        assertThat(result.lost()).isZero();
        assertThat(result.repeatedCalls()).isZero();
        assertThat(result.duplicateReports()).isZero();
    }

    @Test
    void aRunAttachedToAStackAlreadyRunningMeasuresItAndStartsNothing() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        stack.apps().forEach((name, app) -> ports.put(name, app.port()));
        int kafkaPort = Integer.parseInt(stack.kafkaBootstrapServers().substring(
                stack.kafkaBootstrapServers().lastIndexOf(':') + 1));
        Map<String, Integer> managementPorts = new LinkedHashMap<>();
        stack.apps().forEach((name, app) -> app.managementPort().ifPresent(port -> managementPorts.put(name, port)));
        StackOptions running = new StackOptions(stack.options().home(), stack.options().turnsFile(), true, kafkaPort,
                stack.databasePort(), ports, 0, Duration.ofSeconds(60), StackOptions.DEFAULT_PLANNER_MODE)
                .withManagementPorts(managementPorts);
        AttachedStack attached = AttachedStack.connect(running, java.util.Optional.of(stack.analystToken()),
                stack.chatBackendSigningKey());
        Map<String, ServiceProcess> before = stack.apps();

        int turns = turns(20);
        LoadOptions options = new LoadOptions(running, 10, turns, "duplicates", true,
                java.util.Optional.of(stack.analystToken()), java.util.Optional.of(stack.chatBackendSigningKey()));
        LoadResult result = new LoadRun(options, attached, new PrintStream(ERR, true, StandardCharsets.UTF_8)).run();
        LoadMain.report(result, attached, new PrintStream(ERR, true, StandardCharsets.UTF_8));
        System.out.println(result.json());

        assertThat(result.completed()).isEqualTo(turns);
        assertThat(result.lost()).isZero();
        assertThat(result.repeatedCalls()).isZero();
        assertThat(result.duplicateReports()).as("read with the given token").isZero();
        assertThat(result.stages()).extracting(StageMetrics.Stage::service).containsAll(LoadRun.TURN_PATH);
        assertThat(result.cpu()).as("each service's process and PostgreSQL found by their ports")
                .containsKeys(CpuUse.DRIVER, CpuUse.POSTGRES)
                .allSatisfy((name, spent) -> assertThat(spent).as(name).isPositive());
        assertThat(stack.apps()).as("nothing restarted").isEqualTo(before);
    }
}
