package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Operators register capability plans through the admin API: stored in PostgreSQL as versions,
 * refused with the place and the reason of every problem (checked against the registry under its
 * lock), listed, and carried by the next snapshot of a principal who may call everything they call.
 * Its own profile gives it its own registry: the plans it registers stay out of other tests' snapshots.
 */
@QuarkusTest
@TestProfile(CapabilityPlanAdminTest.OwnRegistry.class)
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class CapabilityPlanAdminTest {

    static final String PLANS = "/admin/plans/acme/support-desk";

    /** Nothing changed but the profile: a fresh application and fresh servers. */
    public static class OwnRegistry implements QuarkusTestProfile {
    }

    @Test
    void aPlanIsRegisteredVersionedListedAndCarriedByTheNextSnapshot() {
        register(plan("accounts.orders", 1, "orders.list", "")).statusCode(201).body("registered", equalTo(true))
                .body("version", equalTo(1));
        register(plan("accounts.orders", 1, "orders.list", "")).statusCode(200).body("registered", equalTo(false));
        register(plan("accounts.orders", 1, "orders.list", ", \"aliases\": [\"changed\"]")).statusCode(422)
                .body("problems[0].place", equalTo("/version"));
        register(plan("accounts.orders", 2, "orders.list", ", \"aliases\": [\"order count\"]")).statusCode(201);

        List<Map<String, Object>> versions = admin().get(PLANS + "/accounts.orders").then().statusCode(200)
                .extract().jsonPath().getList("$");
        assertThat(versions).extracting(v -> v.get("version")).containsExactly(1, 2);
        assertThat(versions.get(1)).containsEntry("registeredBy", "admin")
                .containsEntry("calls", List.of("customers.detail", "orders.list"));
        admin().get(PLANS).then().statusCode(200).body("find { it.name == 'accounts.orders' }.version", equalTo(2));

        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            SnapshotBuilt built = snapshotOf(kafka, "run-plan-visible");
            assertThat(built.index()).extracting(CapabilityIndexEntry::name).contains("accounts.orders");
            given().header("Authorization", TestServiceKeys.bearer("planner-service")).get("/snapshots/" + built.snapshot().hash()).then().statusCode(200)
                    .body("capabilities.find { it.name == 'accounts.orders' }.plan.version", equalTo(2))
                    .body("capabilities.find { it.name == 'accounts.orders' }.endpoint.method", equalTo("plan/run"));
        }
    }

    @Test
    void aPlanThatCallsAWriteCapabilityIsRefusedWithThePlaceAndTheReason() {
        register(plan("accounts.cancel", 1, "orders.cancel", "")).statusCode(422)
                .contentType("application/problem+json")
                .body("type", equalTo("about:blank")).body("title", equalTo("Unprocessable Content"))
                .body("status", equalTo(422)).body("detail", equalTo("plan refused"))
                .body("problems[0].place", equalTo("/steps/1/from/capability"))
                .body("problems[0].reason", equalTo("orders.cancel is not read-only: a plan calls read-only capabilities"
                        + " only"));
        admin().get(PLANS + "/accounts.cancel").then().statusCode(404).contentType("application/problem+json")
                .body("status", equalTo(404)).body("detail", org.hamcrest.Matchers.startsWith("no plan accounts.cancel"));
    }

    @Test
    void recursionThroughTwoPlansIsRefusedWhenTheCycleWouldClose() {
        register(plan("risk.inner", 1, "orders.list", "")).statusCode(201);
        register(plan("risk.outer", 1, "risk.inner", "")).statusCode(201);

        register(plan("risk.inner", 2, "risk.outer", "")).statusCode(422)
                .body("problems[0].place", equalTo("/steps/1/from/capability"))
                .body("problems[0].reason", equalTo("calling risk.outer leads back to risk.inner (risk.inner ->"
                        + " risk.outer -> risk.inner): a plan may not call itself, directly or through other plans"));
    }

    @Test
    void aDocumentThatBreaksTheSchemaIsRefusedWithItsPlace() {
        register(plan("accounts.bad", 1, "orders.list", "").replace("\"count\"", "\"delete\"")).statusCode(422)
                .body("problems[0].place", equalTo("/steps/1/kind"));
    }

    @Test
    void aPlanMayBeWrittenInYaml() {
        String yaml = """
                name: accounts.known
                version: 1
                description: Whether a customer exists.
                args: {type: object, required: [customerId], properties: {customerId: {type: string}}}
                defaultDecision: known
                steps:
                  - {name: customer, kind: lookup, required: true,
                     from: {capability: customers.detail, args: {customerId: {arg: customerId}}}}
                payload: {customer: customer}
                returns: {type: object}
                """;

        admin().contentType("application/yaml").body(yaml.getBytes(StandardCharsets.UTF_8)).post(PLANS).then().statusCode(201)
                .body("name", equalTo("accounts.known"));
    }

    @Test
    void onlyAnOperatorRegistersPlans() {
        given().contentType(ContentType.JSON).body(plan("accounts.mine", 1, "orders.list", "")).post(PLANS).then()
                .statusCode(401);
    }

    private static ValidatableResponse register(String plan) {
        return admin().contentType(ContentType.JSON).body(plan).post(PLANS).then();
    }

    private static RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token");
    }

    /** A plan that looks the customer up, then counts what {@code second} returns for them. */
    private static String plan(String name, int version, String second, String extra) {
        return """
                {"name": "%s", "version": %d, "description": "Counts a customer's orders.",
                 "args": {"type": "object", "required": ["customerId"], "properties": {"customerId": {"type": "string"}}},
                 "defaultDecision": "ok",
                 "steps": [{"name": "customer", "kind": "lookup", "required": true,
                            "from": {"capability": "customers.detail", "args": {"customerId": {"arg": "customerId"}}}},
                           {"name": "counted", "kind": "count",
                            "from": {"capability": "%s", "args": {"customerId": {"arg": "customerId"}}}}],
                 "payload": {"counted": "counted"}, "returns": {"type": "object"}%s}""".formatted(name, version, second,
                extra);
    }

    private static SnapshotBuilt snapshotOf(KafkaTestClient kafka, String runId) {
        return SnapshotTurns.snapshotOf(kafka, runId, "How many orders has customer C-1001?");
    }
}
