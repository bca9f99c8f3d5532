package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.publish;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ActionResult;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.ExternalCalls;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanDecision;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.net.URL;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** shadow compared in over a real broker; masked reports in a real PostgreSQL; queried over REST. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShadowReportPipelineTest {

    static final String EMAIL = "riccardo.lorini@example.com";
    static final String PHONE = "+39 347 123 4567";

    private boolean published;

    /** Runs before each test, publishing once: RestAssured is only configured for the app inside a test. */
    @BeforeEach
    void publishComparisonsOnce() {
        if (published) {
            return;
        }
        published = true;
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            publish(kafka, comparison("run-rep-1", "evt-run-rep-1", "acme", "2026-11-30T09:00:00Z",
                    "My e-mail is " + EMAIL + ", phone " + PHONE + ": orders for Riccardo Lorini?"));
            publish(kafka, comparison("run-rep-2", "evt-run-rep-2", "acme", "2026-11-30T10:00:00Z", "Where is order O-5002?"));
            // JSON allows a NUL character in a string, PostgreSQL's text does not: in a text it is removed before
            // masking, but an identifier is stored as it came, so a NUL in the turn id is the one report of its
            // poll the database refuses.
            publish(kafka, comparison("run-rep-nul", "evt-run-rep-nul", "globex", "2026-11-30T11:00:00Z",
                    "Where is order O-5004?", NUL_CONVERSATION, "turn-\u0000"));
            publish(kafka, comparison("run-rep-3", "evt-run-rep-3", "globex", "2026-11-30T11:00:00Z", "Where is order O-5003?"));
            // The same comparison again under a new event id (a producer retry): not a second report.
            publish(kafka, comparison("run-rep-2", "evt-run-rep-2-again", "acme", "2026-11-30T10:00:00Z",
                    "Where is order O-5002?"));
            kafka.publish(EventType.SHADOW_COMPARED.topic(), "conv-bad", "{\"schemaVersion\":\"v1\"}", Map.of());
        }
        awaitReport("run-rep-1");
        awaitReport("run-rep-2");
        awaitReport("run-rep-3");
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.awaitConsumed("shadow-report-service", Topics.SHADOW_COMPARED, Duration.ofSeconds(30));
        }
    }

    @Test
    void reportIsStoredMaskedWithTypedPseudonymsAndServedByRun() {
        Response response = analyst().get("/reports/run-rep-1");
        response.then().statusCode(200)
                .body("runId", equalTo("run-rep-1"))
                .body("iterations[0].question", matchesPattern(
                        "My e-mail is <email:[0-9a-f]{8}>, phone <phone:[0-9a-f]{8}>: orders for <person:[0-9a-f]{8}>\\?"))
                .body("iterations[0].capabilityPlan.actions[0].arguments.email", matchesPattern("<email:[0-9a-f]{8}>"))
                .body("iterations[0].snapshotHash", startsWith("sha256:"))
                .body("iterations[0].agreement", equalTo(false))
                .body("iterations[0].promptTokens", equalTo(1478))
                .body("iterations[0].plannerNote", equalTo("llm plan corrected once (declared-path)"));
        String person = response.jsonPath().getString("iterations[0].classicPlan.actions[0].arguments.name");
        assertThat(person).as("both plans bound the same customer: one pseudonym")
                .matches("<person:[0-9a-f]{8}>")
                .isEqualTo(response.jsonPath().getString("iterations[0].capabilityPlan.actions[0].arguments.name"));
        assertThat(response.jsonPath().getString("iterations[0].question")).endsWith(person + "?");
        assertThat(response.asString()).doesNotContain(EMAIL).doesNotContain("347 123 4567")
                .doesNotContain("Riccardo").doesNotContain("Lorini");
    }

    @Test
    void rawSensitiveValuesNeverReachTheDatabase() throws Exception {
        String url = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
        try (var connection = DriverManager.getConnection(url, "postgres", "");
             ResultSet rows = connection.createStatement().executeQuery(
                     "select * from shadow_report where tenant_id in ('acme', 'globex')")) {
            int count = 0;
            while (rows.next()) {
                count++;
                for (int column = 1; column <= rows.getMetaData().getColumnCount(); column++) {
                    assertThat(String.valueOf(rows.getObject(column))).doesNotContain(EMAIL).doesNotContain("4567")
                            .doesNotContain("Lorini");
                }
            }
            assertThat(count).as("one row per run and iteration, the repeated comparison ignored").isEqualTo(3);
        }
    }

    @Test
    void listFiltersByTenantAndTimeRangeNewestFirstWithPaging() {
        analyst().queryParam("tenantId", "acme").get("/reports").then().statusCode(200)
                .body("total", equalTo(2))
                .body("items[0].runId", equalTo("run-rep-2"))
                .body("items[1].runId", equalTo("run-rep-1"));
        analyst().queryParam("tenantId", "acme").queryParam("from", "2026-11-30T09:30:00Z")
                .queryParam("to", "2026-11-30T12:00:00Z").get("/reports").then().statusCode(200)
                .body("total", equalTo(1))
                .body("items[0].runId", equalTo("run-rep-2"));
        analyst().queryParam("tenantId", "acme").queryParam("size", 1).queryParam("page", 1).get("/reports").then()
                .statusCode(200).body("total", equalTo(2)).body("size", equalTo(1)).body("items.size()", equalTo(1))
                .body("items[0].runId", equalTo("run-rep-1"));
    }

    @Test
    void onlyAnAnalystsVerifiedTokenReadsAndOnlyItsOwnTenants() {
        given().get("/reports").then().statusCode(401);
        given().header("Authorization", "Bearer not-a-token").get("/reports").then().statusCode(401);
        given().header("Authorization", AnalystTokens.signedByAnotherKey()).get("/reports").then().statusCode(401);
        given().header("Authorization", "Bearer " + AnalystTokens.token(java.util.Set.of("viewer"), List.of("acme")))
                .get("/reports").then().statusCode(403);
        given().header("Authorization", AnalystTokens.analystOf("acme")).get("/reports").then().statusCode(200)
                .body("total", equalTo(2));
        given().header("Authorization", AnalystTokens.analystOf("acme")).queryParam("tenantId", "globex")
                .get("/reports").then().statusCode(403).body("detail", equalTo("the caller may not read tenant globex's reports"));
        given().header("Authorization", AnalystTokens.analystOf("acme")).get("/reports/run-rep-3").then().statusCode(404);
        given().header("Authorization", AnalystTokens.analystOf("globex")).get("/reports/run-rep-3").then().statusCode(200);
        given().header("Authorization", "Bearer " + AnalystTokens.token(java.util.Set.of("analyst"), List.of()))
                .get("/reports").then().statusCode(403);
    }

    @Test
    void anIterationsCallCountsJoinItsReportWhicheverArrivesFirstAndOnlyCountsAreKept() throws Exception {
        RunContext run = TurnFixtures.run("run-rep-calls");
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            // The observation first (it may well come before the comparison), then a redelivery of it.
            ActionsExecuted observed = new ActionsExecuted("v1", "evt-calls-1", Instant.now(), run,
                    List.of(new ActionResult("a1", "customers.search", "ok", 200, 2, List.of("C-1001", "C-1002"),
                            "items", null, 12L)), new ExternalCalls(Plan.CLASSIC, 1, 0));
            for (int delivery = 0; delivery < 2; delivery++) {
                publish(kafka, observed);
            }
            kafka.awaitConsumed("shadow-report-service", Topics.ACTIONS_EXECUTED, Duration.ofSeconds(30));
            publish(kafka, comparison("run-rep-calls", "evt-run-rep-calls", "acme", "2026-11-30T12:00:00Z",
                    "Where is order O-5002?"));
        }
        awaitReport("run-rep-calls");
        analyst().get("/reports/run-rep-calls").then().statusCode(200)
                .body("iterations[0].externalCalls.plannedBy", equalTo("classic"))
                .body("iterations[0].externalCalls.sent", equalTo(1))
                .body("iterations[0].externalCalls.denied", equalTo(0))
                .body(not(containsString("C-1001")));
    }

    /**
     * A run id is the caller's word: reused in another tenant or conversation it is another run. Each
     * report is stored (none dropped as a duplicate of the other), call counts attach only to the run
     * that made them, each tenant's analyst sees only its own, and a review must say which report it is.
     */
    @Test
    void aRunIdReusedInAnotherTenantOrConversationIsAnotherRunWhoseReportAndCallsStayItsOwn() throws Exception {
        String runId = "run-rep-reused";
        ShadowCompared first = comparison(runId, "evt-reused-umbrella-a", "umbrella", "2026-11-30T13:00:00Z",
                "Where is order O-5002?", "conv-reused-a");
        ShadowCompared otherTenant = comparison(runId, "evt-reused-initech-a", "initech", "2026-11-30T13:01:00Z",
                "Where is order O-5003?", "conv-reused-a");
        ShadowCompared otherConversation = comparison(runId, "evt-reused-umbrella-b", "umbrella", "2026-11-30T13:02:00Z",
                "Where is order O-5004?", "conv-reused-b");
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            publish(kafka, first);
            publish(kafka, otherTenant);
            publish(kafka, otherConversation);
            ActionsExecuted counted = new ActionsExecuted("v1", "evt-reused-calls-b", Instant.now(),
                    otherConversation.run(), List.of(new ActionResult("a1", "orders.detail", "ok", 200, 1,
                    List.of("O-5004"), null, null, 9L)), new ExternalCalls(Plan.CLASSIC, 2, 0));
            publish(kafka, counted);
            kafka.awaitConsumed("shadow-report-service", Topics.ACTIONS_EXECUTED, Duration.ofSeconds(30));
        }
        ReportTestSupport.await(() -> reusers().get("/reports/" + runId).jsonPath().getList("iterations").size() == 3,
                "three runs of one run id stored as three reports");
        JsonPath both = reusers().get("/reports/" + runId).then().statusCode(200).extract().jsonPath();
        Map<String, Object> callsByEvent = new java.util.HashMap<>();
        for (int i = 0; i < 3; i++) {
            callsByEvent.put(both.getString("iterations[" + i + "].eventId"),
                    both.get("iterations[" + i + "].externalCalls.sent"));
        }
        assertThat(callsByEvent).as("the counts attach to the run that made the calls, not to the first one")
                .containsEntry("evt-reused-umbrella-b", 2).containsEntry("evt-reused-umbrella-a", null)
                .containsEntry("evt-reused-initech-a", null);
        given().header("Authorization", AnalystTokens.analystOf("initech")).get("/reports/" + runId).then()
                .statusCode(200).body("iterations.eventId", org.hamcrest.Matchers.contains("evt-reused-initech-a"));

        var reviewer = given().header("Authorization", "Bearer " + AnalystTokens.token(
                java.util.Set.of("analyst", "reviewer"), List.of("umbrella"))).contentType("application/json");
        reviewer.body(Map.of("verdict", "noise")).post("/reports/" + runId + "/review").then().statusCode(409)
                .body(containsString("eventId"));
        reviewer.body(Map.of("verdict", "noise", "eventId", "evt-reused-initech-a"))
                .post("/reports/" + runId + "/review").then().statusCode(404);
        reviewer.body(Map.of("verdict", "noise", "eventId", "evt-reused-umbrella-b"))
                .post("/reports/" + runId + "/review").then().statusCode(200)
                .body("eventId", equalTo("evt-reused-umbrella-b")).body("review.verdict", equalTo("noise"));
        JsonPath reviewed = reusers().get("/reports/" + runId).then().extract().jsonPath();
        for (int i = 0; i < 3; i++) {
            assertThat(reviewed.getString("iterations[" + i + "].review.verdict"))
                    .as("only the named report is reviewed")
                    .isEqualTo(reviewed.getString("iterations[" + i + "].eventId").equals("evt-reused-umbrella-b")
                            ? "noise" : null);
        }
    }

    @Test
    void theReportShowsWhichPlanVersionDecidedAndWithWhichReasonCodes() throws Exception {
        RunContext run = TurnFixtures.run("run-rep-plan");
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            ActionsExecuted observed = new ActionsExecuted("v1", "evt-plan-1", Instant.now(), run,
                    List.of(new ActionResult("a1", "accounts.standing", "ok", null, 1, List.of(), null, null, 40L)),
                    new ExternalCalls(Plan.CAPABILITY, 4, 0, List.of(new PlanDecision("accounts.standing", 2, "on_hold",
                            List.of("overdue_invoices", "urgent_ticket_open")))));
            publish(kafka, observed);
            kafka.awaitConsumed("shadow-report-service", Topics.ACTIONS_EXECUTED, Duration.ofSeconds(30));
            publish(kafka, comparison("run-rep-plan", "evt-run-rep-plan", "acme", "2026-11-30T12:00:00Z",
                    "Is the account of C-1001 in good standing?"));
        }
        awaitReport("run-rep-plan");
        analyst().get("/reports/run-rep-plan").then().statusCode(200)
                .body("iterations[0].externalCalls.sent", equalTo(4))
                .body("iterations[0].externalCalls.plans[0].plan", equalTo("accounts.standing"))
                .body("iterations[0].externalCalls.plans[0].version", equalTo(2))
                .body("iterations[0].externalCalls.plans[0].decision", equalTo("on_hold"))
                .body("iterations[0].externalCalls.plans[0].reasons", equalTo(List.of("overdue_invoices",
                        "urgent_ticket_open")));
    }

    /** The management interface's root, {@code /q} on its own port. */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    @Test
    void readinessCoversTheDatabaseAndKafkaOnTheManagementPortWhichServesNoReport() {
        given().get("/q/health/ready").then().statusCode(404); // not on the API port
        given().get(java.net.URI.create(management.toString()).resolve("/reports")).then().statusCode(404);
        given().baseUri(management.toString()).get("health/ready").then().statusCode(200)
                .body("checks.name", org.hamcrest.Matchers.hasItems("Reactive PostgreSQL connections health check",
                        "SmallRye Reactive Messaging - readiness check"));
    }

    @Test
    void theAnalystApiIsDocumentedWithItsBearerSchemeAndSwaggerUiServesNoReport() {
        io.restassured.RestAssured.given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey("/reports"))
                .body("components.securitySchemes.SecurityScheme.scheme", org.hamcrest.Matchers.equalTo("bearer"));
        io.restassured.RestAssured.given().get("/q/swagger-ui/").then().statusCode(200)
                .contentType(org.hamcrest.Matchers.containsString("text/html"));
        io.restassured.RestAssured.given().get("/reports").then().statusCode(401);
    }

    @Test
    void unknownRunIs404AndBadTimeIs400() {
        analyst().get("/reports/no-such-run").then().statusCode(404);
        analyst().queryParam("from", "yesterday").get("/reports").then().statusCode(400)
                .body("detail", startsWith("'from' must be an ISO-8601 instant"));
    }

    static final String NUL_CONVERSATION = "conv-nul";

    @Test
    void invalidComparisonIsDeadLetteredWithItsReason() {
        assertThat(deadLetters()).filteredOn(r -> "conv-bad".equals(r.key())).singleElement()
                .satisfies(r -> assertThat(KafkaTestClient.header(r, "dead-letter-reason")).startsWith("schema violation"));
    }

    @Test
    void aComparisonTheDatabaseRefusesIsDeadLetteredAloneAndTheRestOfItsBatchIsStored() {
        assertThat(deadLetters()).filteredOn(r -> NUL_CONVERSATION.equals(r.key())).singleElement()
                .satisfies(r -> assertThat(KafkaTestClient.header(r, "dead-letter-reason")).startsWith("processing failed"));
        analyst().get("/reports/run-rep-3").then().statusCode(200);
        analyst().get("/reports/run-rep-nul").then().statusCode(404);
    }

    @Test
    void repeatedComparisonIsAcknowledgedNotDeadLettered() {
        assertThat(deadLetters()).as("only the invalid and the refused record; the repeated comparison was a duplicate,"
                + " not a failure").extracting(r -> r.key()).containsExactlyInAnyOrder("conv-bad", NUL_CONVERSATION);
    }

    /** An analyst of the two tenants whose chat backends reuse one run id (no other test writes there). */
    private static io.restassured.specification.RequestSpecification reusers() {
        return given().header("Authorization", AnalystTokens.analystOf("umbrella", "initech"));
    }

    private static io.restassured.specification.RequestSpecification analyst() {
        return given().header("Authorization", AnalystTokens.analystOf("acme", "globex"));
    }

    private static java.util.List<org.apache.kafka.clients.consumer.ConsumerRecord<String, String>> deadLetters() {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            return kafka.awaitExactly(Topics.deadLetters("shadow-report-service"),
                    r -> r.key() == null || !r.key().startsWith(ReportTestSupport.HOSTILE_KEYS), 2, Duration.ofSeconds(30));
        }
    }

    private static ShadowCompared comparison(String runId, String eventId, String tenant, String at, String question) {
        RunContext base = TurnFixtures.run(runId);
        return comparison(runId, eventId, tenant, at, question, base.conversationId(), base.turnId());
    }

    private static ShadowCompared comparison(String runId, String eventId, String tenant, String at, String question,
                                             String conversationId) {
        return comparison(runId, eventId, tenant, at, question, conversationId, TurnFixtures.run(runId).turnId());
    }

    private static ShadowCompared comparison(String runId, String eventId, String tenant, String at, String question,
                                             String conversationId, String turnId) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, turnId, 0, tenant, base.projectId(), conversationId,
                base.principal());
        var snapshot = CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo());
        Plan classic = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search",
                Map.of("name", "Riccardo Lorini"), List.of())));
        Plan capability = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "customers.search",
                Map.of("name", "Riccardo Lorini", "email", EMAIL), List.of())));
        boolean llm = runId.equals("run-rep-1");
        return new ShadowCompared("v1", eventId, Instant.parse(at), run, "shadow", question, snapshot,
                List.of("customers.search"), classic, capability, false, 3, null, llm ? 1478 : null,
                llm ? "llm plan corrected once (declared-path)" : null);
    }


    private static void awaitReport(String runId) {
        ReportTestSupport.await(() -> given().header("Authorization", AnalystTokens.analystOf("acme", "globex"))
                .get("/reports/" + runId).statusCode() == 200, "no report stored for " + runId);
    }
}
