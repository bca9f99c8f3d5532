package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--fault", "meteor")).hasMessageContaining("--fault must be");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--partitions", "0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--rate", "fast")).hasMessageContaining("a number");
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
                java.util.Set.of(), List.of(), java.util.Map.of());
        assertThat(result.lost()).isEqualTo(1);
        assertThat(result.passed()).isFalse();
        assertThat(result.json()).isEqualTo("{\"turns\":44,\"completed\":40,\"dead_lettered\":3,\"lost\":1,"
                + "\"p50_ms\":21.0,\"p95_ms\":40.0,\"p99_ms\":88.5,\"throughput_per_s\":48.3,\"baseline_p50_ms\":6.0,"
                + "\"fault\":\"poison\"}");
    }

    @Test
    void aDatabaseOutagePassesOnlyWhenEveryServiceWithADatabaseSaidItWasNotReady() {
        LoadResult unnoticed = new LoadResult(30, 30, 0, 1, 1, 1, 1, 1, "db-outage", 1, 0, 0, 0,
                java.util.Set.of("snapshot-service", "shadow-report-service"), List.of(), java.util.Map.of());
        assertThat(unnoticed.passed()).as("the executor stayed ready").isFalse();
        LoadResult noticed = new LoadResult(30, 30, 0, 1, 1, 1, 1, 1, "db-outage", 1, 0, 0, 0,
                java.util.Set.copyOf(DatabaseOutageFault.WITH_DATABASE), List.of(), java.util.Map.of());
        assertThat(noticed.passed()).isTrue();
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
    void percentilesAreNearestRank() {
        List<Long> sorted = List.of(10L, 20L, 30L, 40L);
        assertThat(LoadRun.percentile(sorted, 0.5)).isEqualTo(20);
        assertThat(LoadRun.percentile(sorted, 0.99)).isEqualTo(40);
        assertThat(LoadRun.percentile(List.of(), 0.5)).isZero();
    }
}
