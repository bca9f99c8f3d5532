package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.publish;
import static dev.capplanner.reports.ReportTestSupport.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.ExternalCalls;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The analyst API over five stored comparisons of tenant initech (one per signal): the filters, the
 * summary per day, review and its queue, the promotion gate's evidence, and the streamed export.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnalystApiTest {

    static final String TENANT = "initech";
    static final Plan SEARCH = Plan.actions(Plan.CLASSIC, List.of(
            new PlannedAction("a1", "customers.search", Map.of("name", "Anna Conti"), List.of())));
    static final Plan SEARCH_THEN_ORDERS = Plan.actions(Plan.CAPABILITY, List.of(
            new PlannedAction("a1", "customers.search", Map.of("name", "Anna Conti"), List.of()),
            new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"))));
    static final Plan DETAIL = Plan.actions(Plan.CAPABILITY, List.of(
            new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of())));

    private boolean published;

    @BeforeEach
    void publishOnce() {
        if (published) {
            return;
        }
        published = true;
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            // Day one: a golden-scenario turn both planners agree on (its calls counted), and a divergence of tools.
            publish(kafka, comparison("an-golden", "golden-conv-an", "2026-11-20T09:00:00Z", SEARCH,
                    capability(SEARCH), true, 4, null, null, null));
            observeClassicCalls(kafka, "an-golden", "golden-conv-an");
            publish(kafka, comparison("an-tools", "conv-an-2", "2026-11-20T10:00:00Z", SEARCH, SEARCH_THEN_ORDERS, false,
                    9, null, null, null));
            // Day two: classic gave up where the capability plan calls; an invalid model plan; a corrected one.
            publish(kafka, comparison("an-premature", "conv-an-3", "2026-11-21T09:00:00Z",
                    Plan.insufficient(Plan.CLASSIC, "no tool matched"), DETAIL, false, 20, null, null, null));
            publish(kafka, comparison("an-invalid", "conv-an-4", "2026-11-21T10:00:00Z", SEARCH,
                    Plan.insufficient(Plan.CAPABILITY, "llm plan invalid after one correction: a1: tool x was not routed"),
                    false, 30, null, 1200, "llm plan invalid after one correction: a1: tool x was not routed"));
            publish(kafka, comparison("an-corrected", "conv-an-5", "2026-11-21T11:00:00Z", SEARCH, capability(SEARCH),
                    true, 40, null, 1500, "llm plan corrected once (declared-path)"));
            // Day three: an A/A baseline comparison, the legacy path against a second run of itself.
            publish(kafka, comparison("an-aa", "conv-an-6", "2026-11-22T09:00:00Z", SEARCH, SEARCH, true, 1, null, null,
                    null));
        }
        for (String run : List.of("an-golden", "an-tools", "an-premature", "an-invalid", "an-corrected", "an-aa")) {
            awaitReport(run);
        }
        awaitCalls("an-golden");
    }

    @Test
    void reportsFilterByEverySignalAndSortByLatency() {
        assertRuns(analyst().queryParam("divergence", "tools"), "an-tools");
        assertRuns(analyst().queryParam("prematureAvoided", true), "an-premature");
        assertRuns(analyst().queryParam("invalidPlan", true), "an-invalid");
        assertRuns(analyst().queryParam("corrected", true), "an-corrected");
        assertRuns(analyst().queryParam("baseline", true), "an-aa");
        assertRuns(analyst().queryParam("agreement", false).queryParam("sort", "occurredAt"),
                "an-tools", "an-premature", "an-invalid");
        assertRuns(analyst().queryParam("sort", "-latency").queryParam("size", 2), "an-corrected", "an-invalid");
        analyst().queryParam("divergence", "colour").get("/reports").then().statusCode(400);
        analyst().queryParam("sort", "name").get("/reports").then().statusCode(400);
    }

    @Test
    void theSummaryGivesRatesAndPercentilesPerTenantAndDay() {
        JsonPath summary = analyst().queryParam("bucket", "day").get("/reports/summary").then().statusCode(200)
                .extract().jsonPath();
        assertThat(summary.getList("rows")).hasSize(3);
        assertThat(summary.getLong("rows[2].reports")).as("the A/A comparison is no capability comparison").isZero();
        assertThat(summary.getLong("rows[2].baselineReports")).isEqualTo(1);
        assertThat(summary.getDouble("rows[2].baselineAgreementRate")).isEqualTo(1.0);
        assertThat(summary.getObject("rows[0].baselineAgreementRate", Object.class)).isNull();
        assertThat(summary.getString("rows[0].bucket")).startsWith("2026-11-20T00:00");
        assertThat(summary.getLong("rows[0].reports")).isEqualTo(2);
        assertThat(summary.getDouble("rows[0].agreementRate")).isEqualTo(0.5);
        assertThat(summary.getDouble("rows[1].invalidPlanRate")).isEqualTo(0.3333);
        assertThat(summary.getDouble("rows[1].correctionRate")).isEqualTo(0.3333);
        assertThat(summary.getLong("rows[1].prematureInsufficientAvoided")).isEqualTo(1);
        assertThat(summary.getDouble("rows[1].latencyP50Ms")).isEqualTo(30.0);
        // Percentiles come from the hourly rollup's histograms: exact below 64, within 1/64 above.
        assertThat(summary.getDouble("rows[1].promptTokensP50")).isCloseTo(1350.0, withinPercentage(100.0 / 64));
        assertThat(summary.getObject("rows[0].promptTokensP50", Object.class)).as("no model asked").isNull();
        analyst().queryParam("bucket", "fortnight").get("/reports/summary").then().statusCode(400);
    }

    @Test
    void reviewersGiveVerdictsWithMaskedNotesAndTheQueueHoldsWhatIsLeft() {
        JsonPath queue = analyst().get("/reports/review-queue").then().statusCode(200).extract().jsonPath();
        assertThat(queue.getList("items.runId", String.class)).containsExactly("an-tools", "an-premature", "an-invalid");

        analyst().contentType("application/json").body(Map.of("verdict", "expected"))
                .post("/reports/an-tools/review").then().statusCode(403);
        reviewer().contentType("application/json").body(Map.of("verdict", "fine-ish")).post("/reports/an-tools/review")
                .then().statusCode(400);
        given().header("Authorization", "Bearer " + AnalystTokens.token(Set.of("analyst", "reviewer"), List.of("other")))
                .contentType("application/json").body(Map.of("verdict", "expected"))
                .post("/reports/an-tools/review").then().statusCode(404);
        reviewer().contentType("application/json")
                .body(Map.of("verdict", "improvement", "note", "Checked with maria.rossi@example.com: the chain is right"))
                .post("/reports/an-tools/review").then().statusCode(200)
                .body("review.verdict", equalTo("improvement"))
                .body("review.reviewer", equalTo("analyst@example.com"))
                .body("review.note", matchesPattern("Checked with <email:[0-9a-f]{8}>: the chain is right"));

        assertThat(analyst().get("/reports/review-queue").then().extract().jsonPath().getList("items.runId", String.class))
                .containsExactly("an-premature", "an-invalid");
        assertRuns(analyst().queryParam("reviewed", true), "an-tools");
    }

    @Test
    void thePromotionGateGivesEachCriterionWithItsEvidence() {
        JsonPath gate = analyst().queryParam("tenant", TENANT).get("/promotion-gate").then().statusCode(200)
                .extract().jsonPath();
        assertThat(gate.getBoolean("pass")).isFalse();
        assertThat(gate.getList("criteria.name", String.class)).containsExactly("golden-scenarios",
                "no-mutative-or-unauthorized-proposal", "no-invalid-schema-plan", "no-premature-insufficient",
                "labelled-cases-planned-as-labelled", "shadow-executed-nothing", "divergences-reviewed");
        assertThat(criterion(gate, "golden-scenarios")).containsEntry("pass", true);
        assertThat(criterion(gate, "no-mutative-or-unauthorized-proposal")).containsEntry("pass", true);
        assertThat(criterion(gate, "no-invalid-schema-plan")).containsEntry("pass", false)
                .extracting(c -> c.get("evidence")).isEqualTo(Map.of("eligibleTurns", 5, "required", 50, "invalidPlans", 1));
        assertThat(criterion(gate, "no-premature-insufficient")).containsEntry("pass", true);
        assertThat(criterion(gate, "shadow-executed-nothing")).containsEntry("pass", true)
                .extracting(c -> c.get("evidence")).isEqualTo(Map.of("shadowReports", 5, "shadowObserved", 1,
                        "shadowCapabilityExecuted", 0));
        assertThat(criterion(gate, "divergences-reviewed")).containsEntry("pass", false);
        analyst().queryParam("tenant", "acme").get("/promotion-gate").then().statusCode(403);
        analyst().get("/promotion-gate").then().statusCode(400);
    }

    @jakarta.inject.Inject
    dev.capplanner.reports.telemetry.GateWatch gateWatch;

    @jakarta.inject.Inject
    io.vertx.core.Vertx vertx;

    @jakarta.inject.Inject
    io.micrometer.core.instrument.MeterRegistry meters;

    @Test
    void theGatesOfTenantsWithRecentReportsArePublishedForAlertsAndAQuietTenantLosesItsSeries() {
        gateWatch.refresh(vertx, java.time.Instant.parse("2026-11-01T00:00:00Z")).await().atMost(java.time.Duration.ofSeconds(30));
        assertThat(meters.get("capplanner.promotion.gate.passing").tag("tenant", TENANT).gauge().value())
                .as("initech's gate fails (the criteria above)").isZero();

        gateWatch.refresh(vertx, java.time.Instant.parse("2026-11-23T00:00:00Z")).await().atMost(java.time.Duration.ofSeconds(30));
        assertThat(meters.find("capplanner.promotion.gate.passing").tag("tenant", TENANT).gauge())
                .as("no report of initech since: no series").isNull();
    }

    @Test
    void aFilteredQueryIsExportedAsCsvAndAsJson() {
        String csv = analyst().queryParam("agreement", false).get("/reports/export/csv").then().statusCode(200)
                .header("Content-Type", org.hamcrest.Matchers.startsWith("text/csv")).extract().asString();
        List<String> lines = csv.lines().toList();
        assertThat(lines.get(0)).startsWith("runId,iteration,tenantId,projectId,mode,occurredAt,agreement,divergenceKind");
        assertThat(lines).hasSize(4);
        assertThat(lines.get(1)).startsWith("an-tools,0,initech,").contains(",tools,");
        assertThat(csv).doesNotContain("Anna Conti").doesNotContain("Conti");
        JsonPath json = analyst().get("/reports/export/json").then().statusCode(200).extract().jsonPath();
        assertThat(json.getList("runId", String.class)).containsExactly("an-golden", "an-tools", "an-premature",
                "an-invalid", "an-corrected", "an-aa");
        analyst().queryParam("divergence", "colour").get("/reports/export/csv").then().statusCode(400);
        given().get("/reports/export/json").then().statusCode(401);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> criterion(JsonPath gate, String name) {
        return ((List<Map<String, Object>>) (List<?>) gate.getList("criteria")).stream()
                .filter(c -> name.equals(c.get("name"))).findFirst().orElseThrow();
    }

    private static void assertRuns(RequestSpecification request, String... runs) {
        assertThat(request.get("/reports").then().statusCode(200).extract().jsonPath().getList("items.runId", String.class))
                .containsExactly(runs);
    }

    private static RequestSpecification analyst() {
        return given().header("Authorization", AnalystTokens.analystOf(TENANT));
    }

    private static RequestSpecification reviewer() {
        return given().header("Authorization", "Bearer " + AnalystTokens.token(Set.of("analyst", "reviewer"),
                List.of(TENANT)));
    }

    private static Plan capability(Plan classic) {
        return Plan.actions(Plan.CAPABILITY, classic.actions());
    }

    private static ShadowCompared comparison(String runId, String conversation, String at, Plan classic, Plan capability,
                                             boolean agreement, long latencyMs, String fallback, Integer tokens,
                                             String note) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, TENANT, base.projectId(), conversation, base.principal());
        return new ShadowCompared("v1", "evt-" + runId, Instant.parse(at), run, "shadow", "Orders of Anna Conti?",
                CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()),
                List.of("customers.search", "orders.list", "orders.detail"), classic, capability, agreement, latencyMs,
                fallback, tokens, note);
    }

    private static void observeClassicCalls(KafkaTestClient kafka, String runId, String conversation) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, TENANT, base.projectId(), conversation, base.principal());
        ActionsExecuted observed = new ActionsExecuted("v1", "evt-calls-" + runId, Instant.now(), run, List.of(),
                new ExternalCalls(Plan.CLASSIC, 1, 0));
        publish(kafka, observed);
    }

    private static void awaitReport(String runId) {
        await(() -> analyst().get("/reports/" + runId).statusCode() == 200, "no report stored for " + runId);
    }

    private static void awaitCalls(String runId) {
        await(() -> analyst().get("/reports/" + runId).jsonPath().get("iterations[0].externalCalls") != null,
                "no call counts for " + runId);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.awaitConsumed("shadow-report-service", Topics.SHADOW_COMPARED, Duration.ofSeconds(30));
        }
    }

}
