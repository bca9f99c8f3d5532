package dev.capplanner.localstack.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.localstack.stack.DatabaseOutageFault;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ./run-load.sh's command line, its pinned result line, and how it reads the services' stage timers. */
class LoadMainTest {

    static Path home() {
        return Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();
    }

    @Test
    void optionsHaveDefaultsAndRefuseWhatTheyCannotRun() {
        LoadOptions defaults = LoadOptions.parse(home());
        assertThat(defaults.rate()).isZero();
        assertThat(defaults.turns()).isEqualTo(200);
        assertThat(defaults.fault()).isEqualTo("none");
        assertThat(defaults.stack().partitions()).isEqualTo(3);
        LoadOptions given = LoadOptions.parse(home(), "--rate", "50", "--turns", "500", "--partitions", "4", "--fault",
                "poison", "--kafka-port", "29092");
        assertThat(given.rate()).isEqualTo(50);
        assertThat(given.stack().partitions()).isEqualTo(4);
        assertThat(given.stack().kafkaPort()).isEqualTo(29092);
        assertThat(defaults.stack().replicas()).isEqualTo(1);
        assertThat(LoadOptions.parse(home(), "--partitions", "4", "--replicas", "4").stack().replicas()).isEqualTo(4);
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--replicas", "0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--fault", "meteor")).hasMessageContaining("--fault must be");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--partitions", "0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--rate", "fast")).hasMessageContaining("a number");
    }

    @Test
    void attachingUsesTheGivenPortsAndRefusesWhatOnlyAStackItStartsCanDo() {
        LoadOptions attached = LoadOptions.parse(home(), "--attach", "--kafka-port", "29092", "--base-port", "28080",
                "--analyst-token", "t0ken", "--fault", "duplicates", "--signing-key", "/keys/chat-backend.pem");
        assertThat(attached.attach()).isTrue();
        assertThat(attached.stack().kafkaPort()).isEqualTo(29092);
        assertThat(attached.stack().httpPorts()).containsEntry("executor-service", 28084);
        assertThat(attached.analystToken()).contains("t0ken");
        assertThat(attached.signingKey()).contains(java.nio.file.Path.of("/keys/chat-backend.pem"));
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--attach"))
                .hasMessageContaining("--attach needs --signing-key");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--signing-key", "/keys/chat-backend.pem"))
                .hasMessageContaining("is for --attach");
        for (String fault : LoadOptions.STACK_FAULTS) {
            assertThatThrownBy(() -> LoadOptions.parse(home(), "--attach", "--fault", fault))
                    .hasMessageContaining("needs a stack this run starts");
        }
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--attach", "--partitions", "2"))
                .hasMessageContaining("a running stack has its own");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--attach", "--replicas", "2"))
                .hasMessageContaining("a running stack has its own");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--analyst-token", "t0ken"))
                .hasMessageContaining("is for --attach");
    }

    @Test
    void attachingWhereNothingRunsIsAOneLineErrorWithExitTwo() throws Exception {
        int freePort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            freePort = socket.getLocalPort();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(LoadMain.run(new String[] {"--attach", "--kafka-port", Integer.toString(freePort), "--signing-key",
                        "/keys/chat-backend.pem"},
                new PrintStream(out), new PrintStream(err))).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("error: no Kafka broker at 127.0.0.1:" + freePort
                + ": start a stack first (./run-local.sh) or give its port (--kafka-port)" + System.lineSeparator());
        assertThat(out.size()).isZero();
    }

    @Test
    void aRunThatCouldNotReadTheReportsPassesOnWhatItCouldCheck() {
        LoadResult unchecked = new LoadResult(20, 20, 0, 1, 1, 1, 1, 1, "duplicates", 1, 0, 0,
                LoadResult.NOT_CHECKED, java.util.Set.of(), java.util.Set.of(), List.of(), java.util.Map.of());
        assertThat(unchecked.passed()).isTrue();
        LoadResult repeated = new LoadResult(20, 20, 0, 1, 1, 1, 1, 1, "duplicates", 1, 2, 0,
                LoadResult.NOT_CHECKED, java.util.Set.of(), java.util.Set.of(), List.of(), java.util.Map.of());
        assertThat(repeated.passed()).as("a call sent twice fails the run all the same").isFalse();
    }

    @Test
    void helpPrintsTheUsageAndABadOptionExitsWithTwo() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(LoadMain.run(new String[] {"--help"}, new PrintStream(out), new PrintStream(err))).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("./run-load.sh [--rate TURNS_PER_S] [--turns N]"
                + " [--partitions P] [--fault NAME]");
        assertThat(LoadMain.run(new String[] {"--turns", "0"}, new PrintStream(out), new PrintStream(err))).isEqualTo(2);
    }

    @Test
    void theResultLineIsThePinnedOneAndLostIsWhatIsNeitherCompletedNorDeadLettered() {
        LoadResult result = new LoadResult(44, 40, 3, 21.04, 40, 88.5, 48.25, 6.0, "poison", 900, 0, 0, 0,
                java.util.Set.of(), java.util.Set.of(), List.of(), java.util.Map.of());
        assertThat(result.lost()).isEqualTo(1);
        assertThat(result.passed()).isFalse();
        assertThat(result.json()).isEqualTo("{\"turns\":44,\"completed\":40,\"dead_lettered\":3,\"lost\":1,"
                + "\"p50_ms\":21.0,\"p95_ms\":40.0,\"p99_ms\":88.5,\"throughput_per_s\":48.3,\"baseline_p50_ms\":6.0,"
                + "\"fault\":\"poison\"}");
    }

    @Test
    void aDatabaseOutagePassesOnlyWhenEveryServiceWithADatabaseSaidItWasNotReadyAndThenReadyAgain() {
        LoadResult unnoticed = new LoadResult(30, 30, 0, 1, 1, 1, 1, 1, "db-outage", 1, 0, 0, 0,
                java.util.Set.of("snapshot-service", "shadow-report-service"), java.util.Set.of(), List.of(), java.util.Map.of());
        assertThat(unnoticed.passed()).as("the executor stayed ready").isFalse();
        LoadResult noticed = new LoadResult(30, 30, 0, 1, 1, 1, 1, 1, "db-outage", 1, 0, 0, 0,
                java.util.Set.copyOf(DatabaseOutageFault.WITH_DATABASE), java.util.Set.of(), List.of(), java.util.Map.of());
        assertThat(noticed.passed()).isTrue();
        LoadResult stuck = new LoadResult(30, 30, 0, 1, 1, 1, 1, 1, "db-outage", 1, 0, 0, 0,
                java.util.Set.copyOf(DatabaseOutageFault.WITH_DATABASE), java.util.Set.of("executor-service-2"), List.of(),
                java.util.Map.of());
        assertThat(stuck.passed()).as("a process still not ready after the database was back").isFalse();
    }

    @Test
    void stageTimersAreReadFromPrometheusText() {
        String text = """
                # HELP capplanner_stage_duration_seconds a stage's own logic per consumed event, Kafka excluded
                capplanner_stage_duration_seconds{event="dev.capplanner.turn.requested.v1",quantile="0.5"} 0.004
                capplanner_stage_duration_seconds{event="dev.capplanner.turn.requested.v1",quantile="0.95"} 0.012
                capplanner_stage_duration_seconds_count{event="dev.capplanner.turn.requested.v1"} 40.0 # {span_id="38dc5d4444b1b98c",trace_id="90f506da9a8261e27adbc93b1e189fd0"} 1.0 1796124412.368
                capplanner_stage_duration_seconds_sum{event="dev.capplanner.turn.requested.v1"} 0.2
                http_server_requests_seconds_count{method="GET"} 3.0
                """;
        assertThat(StageMetrics.parse("snapshot-service", text)).containsExactly(new StageMetrics.Stage(
                "snapshot-service", "dev.capplanner.turn.requested.v1", 40, 4.0, 12.0));
    }

    @Test
    void aRunCountsOnlyTheEventsItAddedToEachTimer() {
        List<StageMetrics.Stage> before = List.of(new StageMetrics.Stage("router-service", "e", 30, 3, 5),
                new StageMetrics.Stage("planner-service", "p", 10, 1, 2));
        List<StageMetrics.Stage> after = List.of(new StageMetrics.Stage("router-service", "e", 70, 4, 6),
                new StageMetrics.Stage("planner-service", "p", 10, 1, 2),
                new StageMetrics.Stage("executor-service", "x", 5, 9, 9));
        assertThat(StageMetrics.since(before, after)).containsExactly(
                new StageMetrics.Stage("router-service", "e", 40, 4, 6), new StageMetrics.Stage("executor-service", "x", 5, 9, 9));
    }

    @Test
    void aReplicaBelongsToItsService() {
        assertThat(StackOptions.replicaName("router-service", 2)).isEqualTo("router-service-2");
        assertThat(StackOptions.serviceOf("router-service-2")).isEqualTo("router-service");
        assertThat(StackOptions.serviceOf("shadow-report-service")).isEqualTo("shadow-report-service");
    }

    @Test
    void percentilesAreNearestRank() {
        List<Long> sorted = List.of(10L, 20L, 30L, 40L);
        assertThat(LoadRun.percentile(sorted, 0.5)).isEqualTo(20);
        assertThat(LoadRun.percentile(sorted, 0.99)).isEqualTo(40);
        assertThat(LoadRun.percentile(List.of(), 0.5)).isZero();
    }

    @Test
    void eachProcessesThreadGroupsArePrintedPerTurnLargestFirstAndTheSmallestLeftOut() {
        java.util.Map<String, java.util.Map<String, java.time.Duration>> threads = new java.util.LinkedHashMap<>();
        threads.put("router-service", java.util.Map.of("executor-thread", java.time.Duration.ofMillis(520),
                "C# CompilerThre", java.time.Duration.ofMillis(310), "GC Thread#", java.time.Duration.ofMillis(5)));
        threads.put("kafka-broker", java.util.Map.of("GC Thread#", java.time.Duration.ofMillis(1)));
        LoadResult result = new LoadResult(100, 100, 0, 1, 1, 1, 1, 1, "none", 1, 0, 0, 0, java.util.Set.of(),
                java.util.Set.of(), List.of(), java.util.Map.of(), threads);
        assertThat(LoadMain.threadGroups(result)).containsExactly(
                "  by thread group, ms per completed turn (threads alive at the end of the run):",
                "    router-service: executor-thread 5.20, C# CompilerThre 3.10",
                "    kafka-broker: -");
        LoadResult unread = new LoadResult(100, 100, 0, 1, 1, 1, 1, 1, "none", 1, 0, 0, 0, java.util.Set.of(),
                java.util.Set.of(), List.of(), java.util.Map.of());
        assertThat(LoadMain.threadGroups(unread)).isEmpty();
    }
}
