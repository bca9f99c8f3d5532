package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.await;
import static dev.capplanner.reports.ReportTestSupport.publish;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Labelled live-data cases (seed: "labelled live-data cases show no premature insufficient result"):
 * a label, not the legacy plan, is what the gate's accuracy criteria hold a labelled case to; labels
 * are append-only, the newest counts, and every one stays readable with its author and time.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LabelledCasesTest {

    static final String TENANT = "labelco";
    /** The audit test's own tenant: its labels must not move the gate test's figures, whichever runs first. */
    static final String AUDITED = "labelco-audit";
    static final Plan SEARCH = Plan.actions(Plan.CLASSIC, List.of(
            new PlannedAction("a1", "customers.search", Map.of("name", "Anna Conti"), List.of())));
    static final Plan SEARCH_THEN_ORDERS = Plan.actions(Plan.CAPABILITY, List.of(
            new PlannedAction("a1", "customers.search", Map.of("name", "Anna Conti"), List.of()),
            new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"))));

    private boolean published;

    @BeforeEach
    void publishOnce() {
        if (published) {
            return;
        }
        published = true;
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            // The capability plan gives up where classic calls: against classic, a premature insufficient.
            publish(kafka, comparison("lc-gave-up", SEARCH, Plan.insufficient(Plan.CAPABILITY, "no routed tool fits")));
            // Both give up: against classic, nothing premature.
            publish(kafka, comparison("lc-both-gave-up", Plan.insufficient(Plan.CLASSIC, "no tool matched"),
                    Plan.insufficient(Plan.CAPABILITY, "no routed tool fits")));
            publish(kafka, comparison("lc-chain", SEARCH, SEARCH_THEN_ORDERS));
            publish(kafka, comparison(AUDITED, "lc-audit", SEARCH, Plan.insufficient(Plan.CAPABILITY, "no fit")));
        }
        for (String run : List.of("lc-gave-up", "lc-both-gave-up", "lc-chain")) {
            await(() -> analyst().get("/reports/" + run).statusCode() == 200, "no report stored for " + run);
        }
        await(() -> given().header("Authorization", AnalystTokens.analystOf(AUDITED)).get("/reports/lc-audit")
                .statusCode() == 200, "no report stored for lc-audit");
    }

    @Test
    void theGateHoldsLabelledCasesToTheirLabelAndUnlabelledOnesToClassic() {
        Map<String, Object> before = gate();
        assertThat(evidence(before, "no-premature-insufficient")).isEqualTo(Map.of("capabilityGaveUp", 1,
                "labelledCases", 0, "labelledPrematureInsufficient", 0, "unlabelledGaveUp", 1));
        assertThat(criterion(before, "no-premature-insufficient")).containsEntry("pass", false);
        assertThat(criterion(before, "labelled-cases-planned-as-labelled")).as("no labelled case shows anything yet")
                .containsEntry("pass", false);

        // The analyst says no tool could answer lc-gave-up: the capability plan was right to give up.
        label("lc-gave-up", Map.of("expectedOutcome", "insufficient")).then().statusCode(200);
        // And that lc-both-gave-up should have looked the customer up: both planners gave up too early.
        label("lc-both-gave-up", Map.of("expectedOutcome", "actions", "expectedTools",
                List.of("customers.search"))).then().statusCode(200);
        label("lc-chain", Map.of("expectedOutcome", "actions", "expectedTools",
                List.of("customers.search", "orders.list"))).then().statusCode(200);

        Map<String, Object> labelled = gate();
        assertThat(evidence(labelled, "no-premature-insufficient")).as("classic's figure kept beside the labels")
                .isEqualTo(Map.of("capabilityGaveUp", 1, "labelledCases", 3, "labelledPrematureInsufficient", 1,
                        "unlabelledGaveUp", 0));
        assertThat(criterion(labelled, "no-premature-insufficient")).containsEntry("pass", false);
        assertThat(evidence(labelled, "labelled-cases-planned-as-labelled"))
                .isEqualTo(Map.of("labelledCases", 3, "required", 1, "misplanned", 1));

        // A second look: lc-both-gave-up had nothing to find after all. The newest label counts.
        label("lc-both-gave-up", Map.of("expectedOutcome", "insufficient", "note", "No such customer in the CRM"))
                .then().statusCode(200);
        Map<String, Object> relabelled = gate();
        assertThat(criterion(relabelled, "no-premature-insufficient")).containsEntry("pass", true);
        assertThat(criterion(relabelled, "labelled-cases-planned-as-labelled")).containsEntry("pass", true);

        // The chain labelled with other tools is misplanned, whatever classic did.
        label("lc-chain", Map.of("expectedOutcome", "actions", "expectedTools", List.of("orders.list")))
                .then().statusCode(200);
        assertThat(evidence(gate(), "labelled-cases-planned-as-labelled")).containsEntry("misplanned", 1);
    }

    @Test
    void labelsAreCheckedMaskedAndKeptWithTheirAuthorNewestFirst() {
        given().header("Authorization", AnalystTokens.analystOf(AUDITED)).contentType("application/json")
                .body(Map.of("expectedOutcome", "actions")).post("/reports/lc-audit/labels").then().statusCode(403);
        label(AUDITED, "lc-audit", Map.of("expectedOutcome", "answered")).then().statusCode(400);
        label(AUDITED, "lc-audit", Map.of("expectedOutcome", "insufficient", "expectedTools", List.of("orders.list")))
                .then().statusCode(400);
        label(AUDITED, "lc-audit", Map.of("expectedOutcome", "actions", "expectedTools",
                List.of("orders.list; DROP TABLE"))).then().statusCode(400);
        label("other", "lc-audit", Map.of("expectedOutcome", "actions")).then().statusCode(404);

        label(AUDITED, "lc-audit", Map.of("expectedOutcome", "actions", "note", "Asked maria.rossi@example.com: it exists"))
                .then().statusCode(200)
                .body("labelledBy", equalTo("analyst@example.com"))
                .body("note", matchesPattern("Asked <email:[0-9a-f]{8}>: it exists"));
        label(AUDITED, "lc-audit", Map.of("expectedOutcome", "insufficient")).then().statusCode(200);

        JsonPath history = given().header("Authorization", AnalystTokens.analystOf(AUDITED))
                .get("/reports/lc-audit/labels").then().statusCode(200).extract().jsonPath();
        assertThat(history.getList("labels.expectedOutcome", String.class)).as("newest first, none overwritten")
                .containsExactly("insufficient", "actions");
        assertThat(history.getList("labels.labelledBy", String.class)).containsOnly("analyst@example.com");
        assertThat(history.getList("labels.note", String.class).get(1)).doesNotContain("maria.rossi");
        given().header("Authorization", AnalystTokens.analystOf("other")).get("/reports/lc-audit/labels")
                .then().statusCode(404);
    }

    private static io.restassured.response.Response label(String runId, Map<String, Object> body) {
        return label(TENANT, runId, body);
    }

    private static io.restassured.response.Response label(String tenant, String runId, Map<String, Object> body) {
        return given().header("Authorization", "Bearer " + AnalystTokens.token(Set.of("analyst", "reviewer"),
                List.of(tenant))).contentType("application/json").body(body).post("/reports/" + runId + "/labels");
    }

    private static Map<String, Object> gate() {
        return analyst().queryParam("tenant", TENANT).get("/promotion-gate").then().statusCode(200).extract()
                .jsonPath().getMap("$");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> criterion(Map<String, Object> gate, String name) {
        return ((List<Map<String, Object>>) gate.get("criteria")).stream().filter(c -> name.equals(c.get("name")))
                .findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> evidence(Map<String, Object> gate, String name) {
        return (Map<String, Object>) criterion(gate, name).get("evidence");
    }

    private static RequestSpecification analyst() {
        return given().header("Authorization", AnalystTokens.analystOf(TENANT));
    }

    private static ShadowCompared comparison(String runId, Plan classic, Plan capability) {
        return comparison(TENANT, runId, classic, capability);
    }

    private static ShadowCompared comparison(String tenant, String runId, Plan classic, Plan capability) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, tenant, base.projectId(), "conv-" + runId,
                base.principal());
        return new ShadowCompared("v1", "evt-" + runId, Instant.now(), run, "shadow", "Orders of Anna Conti?",
                CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()),
                List.of("customers.search", "orders.list", "orders.detail"), classic, capability,
                classic.equals(capability), 5, null, null, null);
    }
}
