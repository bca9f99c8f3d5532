package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.localstack.replay.StackResult;
import dev.capplanner.localstack.replay.TurnReplay;
import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import dev.capplanner.embedded.postgres.EmbeddedPostgresServer;
import dev.capplanner.localstack.stack.ExternalServers;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Rule "modes at runtime", end to end: one packaged stack started in {@code shadow}, the golden
 * scenario (duplicate customers -> choose one -> her orders as one artifact -> choose an order -> its
 * detail) with a help, a refused and an insufficient turn replayed once per mode, the tenant switched
 * between replays through the snapshot service's admin API, never restarted. The stack runs on a
 * Kafka and a PostgreSQL it was given, as on a machine without embedded binaries.
 */
class PlannerModesIT {

    static final List<String> MODES = List.of("shadow", "classic", "capability");
    static final List<String> GOLDEN_OUTCOMES = List.of("selection_required", "artifact", "answered", "help", "refused",
            "insufficient");

    static LocalStack stack;
    static EmbeddedKafkaBroker broker;
    static EmbeddedPostgresServer database;
    static java.time.Instant shadowStarted;
    static java.time.Instant shadowEnded;
    static final Map<String, StackResult> RESULTS = new LinkedHashMap<>();
    static final ByteArrayOutputStream OUTPUT = new ByteArrayOutputStream();

    @BeforeAll
    static void replayTheGoldenScenarioInEveryModeOnOneStack() throws IOException {
        Path home = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();
        Map<String, Integer> http = new LinkedHashMap<>();
        StackOptions.APPS.forEach(app -> http.put(app, 0));
        // The Kafka and PostgreSQL of one's own (--kafka-bootstrap, --postgres-url): started here, apart
        // from the stack, which uses them and neither starts nor stops them.
        broker = EmbeddedKafkaBroker.start();
        database = EmbeddedPostgresServer.start("suite");
        StackOptions options = new StackOptions(home, home.resolve("demo/golden-scenario.jsonl"), true, 0, 0, http, 0,
                Duration.ofSeconds(60), "shadow").withExternal(new ExternalServers(
                Optional.of(broker.bootstrapServers()), Optional.of(ExternalServers.Database.of(
                        database.reactiveUrl(), EmbeddedPostgresServer.USER, null))));
        stack = LocalStack.start(options, new PrintStream(OUTPUT, true, StandardCharsets.UTF_8));
        String golden = Files.readString(home.resolve("demo/golden-scenario.jsonl"));
        for (String mode : MODES) {
            if (!mode.equals("shadow")) {
                stack.switchPlannerMode("acme", mode, "PlannerModesIT: the golden scenario in " + mode);
            }
            java.time.Instant started = java.time.Instant.now();
            RESULTS.put(mode, TurnReplay.on(stack).replay(turnsFile(golden.replace("\"golden-", "\"golden-" + mode + "-"), mode)));
            if (mode.equals("shadow")) {
                shadowStarted = started.minusSeconds(1);
                shadowEnded = java.time.Instant.now();
            }
        }
        System.out.println(OUTPUT.toString(StandardCharsets.UTF_8));
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
        if (database != null) {
            database.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void theStackRanOnTheKafkaAndPostgreSqlItWasGivenAndStartedNoneOfItsOwn() {
        String output = OUTPUT.toString(StandardCharsets.UTF_8);
        assertThat(output).contains("Using Kafka at " + broker.bootstrapServers())
                .contains("Using PostgreSQL at " + database.reactiveUrl())
                .doesNotContain("Starting Kafka").doesNotContain("Starting PostgreSQL");
        assertThat(database.queryForLong("select count(*) from information_schema.tables where table_name = 'executor_call'"))
                .as("the services' schema is in the given database").isEqualTo(1);
        assertThat(stack.kafkaBootstrapServers()).isEqualTo(broker.bootstrapServers());
    }

    @Test
    void theGoldenScenarioHelpRefusedAndInsufficientPassInEveryMode() {
        for (String mode : MODES) {
            assertThat(RESULTS.get(mode).outcomes()).as(mode).extracting(StackResult.TurnOutcome::outcome)
                    .containsExactlyElementsOf(GOLDEN_OUTCOMES);
            assertThat(outcome(mode, "run-1-choice-1").summary()).as(mode + ": the chosen customer's orders")
                    .endsWith("orders.list returned 2 record(s)");
            assertThat(outcome(mode, "run-2").summary()).as(mode + ": the chosen order's detail, not a table")
                    .isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        }
        assertThat(OUTPUT.toString(StandardCharsets.UTF_8))
                .contains("select 2: order O-5001 from api:demo-api/orders.list is the next turn's selection");
    }

    @Test
    void eachModeIsTheOneTheOperatorSwitchedToFromTheNextTurnOn() {
        for (String mode : MODES) {
            RESULTS.get(mode).reportsByRun().forEach((run, report) ->
                    assertThat(report).as(run).contains("\"mode\":\"" + mode + "\""));
        }
        assertThat(RESULTS.get("classic").reportsByRun()).as("classic compares nothing: no shadow report").isEmpty();
    }

    @Test
    void inShadowTheLegacyPathExecutesAndTheCapabilityPlanCausesNoExternalCall() {
        Map<String, String> reports = RESULTS.get("shadow").reportsByRun();
        assertThat(reports).hasSize(GOLDEN_OUTCOMES.size());
        reports.forEach((run, report) -> assertThat(report).as(run)
                .containsPattern("\"externalCalls\":\\{\"plannedBy\":\"classic\",\"sent\":\\d+,\"denied\":0,\"plans\":\\[]}"));
        assertThat(reports.get("golden-shadow-run-1")).as("the capability plan is compared, not executed")
                .contains("\"tool\":\"api:demo-api/orders.list\"")
                .contains("\"externalCalls\":{\"plannedBy\":\"classic\",\"sent\":1,\"denied\":0,\"plans\":[]}");
    }

    @Test
    void theLegacyPathLooksTheCustomerUpBeforeItAsksAndTheCapabilityPathChains() {
        // Both paths stop at the two customers and ask in the same words.
        assertThat(outcome("classic", "run-1").summary()).isEqualTo("selection_required: 2 customers named Riccardo"
                + " Lorini were found; which one do you mean? They differ by city.");
        assertThat(outcome("capability", "run-1").summary()).isEqualTo(outcome("classic", "run-1").summary());
        assertThat(outcome("classic", "run-4").summary()).startsWith("This assistant only reads data: it cannot cancel");
    }

    @Test
    void theGoldenShadowRunsPassThePromotionGatesGoldenCriterionOnceTheirDivergencesAreReviewed() throws Exception {
        // Reports are stamped when the planner compared: this window holds the shadow replay alone.
        Map<String, Object> before = gate();
        assertThat(criterion(before, "shadow-executed-nothing").get("pass")).isEqualTo(true);
        assertThat(criterion(before, "golden-scenarios").get("pass")).as("divergences not reviewed yet").isEqualTo(false);
        for (Map<String, Object> divergence : unreviewedGolden()) {
            String runId = String.valueOf(divergence.get("runId"));
            HttpResponse<String> reviewed = send(HttpRequest.newBuilder(URI.create(stack.reportServiceUrl()
                            + "/reports/" + runId + "/review")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"verdict\":\"improvement\",\"note\":\"reviewed by PlannerModesIT\"}")));
            assertThat(reviewed.statusCode()).as(runId).isEqualTo(200);
        }
        Map<String, Object> after = gate();
        assertThat(criterion(after, "golden-scenarios").get("pass")).isEqualTo(true);
        assertThat(criterion(after, "divergences-reviewed").get("pass")).isEqualTo(true);
        assertThat(criterion(after, "no-invalid-schema-plan").get("pass")).as("fewer than 50 turns").isEqualTo(false);
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private static Map<String, Object> gate() throws Exception {
        return JSON.readValue(send(HttpRequest.newBuilder(URI.create(stack.reportServiceUrl()
                + "/promotion-gate?tenant=acme&from=" + shadowStarted + "&to=" + shadowEnded)).GET()).body(),
                new com.fasterxml.jackson.core.type.TypeReference<>() { });
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> unreviewedGolden() throws Exception {
        Map<String, Object> page = JSON.readValue(send(HttpRequest.newBuilder(URI.create(stack.reportServiceUrl()
                + "/reports?tenantId=acme&agreement=false&reviewed=false&size=100&from=" + shadowStarted + "&to="
                + shadowEnded)).GET()).body(), new com.fasterxml.jackson.core.type.TypeReference<>() { });
        return ((List<Map<String, Object>>) page.get("items")).stream()
                .filter(r -> String.valueOf(r.get("conversationId")).startsWith("golden-")).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> criterion(Map<String, Object> gate, String name) {
        return ((List<Map<String, Object>>) gate.get("criteria")).stream().filter(c -> name.equals(c.get("name")))
                .findFirst().orElseThrow();
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.header("Authorization", "Bearer " + stack.analystToken())
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static StackResult.TurnOutcome outcome(String mode, String run) {
        String runId = "golden-" + mode + "-" + run;
        return RESULTS.get(mode).outcomes().stream().filter(o -> o.runId().equals(runId)).findFirst().orElseThrow();
    }

    private static Path turnsFile(String lines, String mode) {
        try {
            Path file = Files.createTempFile("golden-" + mode, ".jsonl");
            file.toFile().deleteOnExit();
            return Files.writeString(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
