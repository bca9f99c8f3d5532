package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;

import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The authorization endpoint and the admin API over the registry in a real PostgreSQL. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class RegistryApiTest {

    static final String GRANT = "/admin/tenants/acme/roles/support-agent/permissions/orders:read";

    @Test
    void callTimeDecisionsComeFromTheRegistryWithTheirReason() {
        authorize("acme", List.of("support-agent"), "orders.list").statusCode(200)
                .body("allowed", equalTo(true)).body("reason", nullValue());
        authorize("acme", List.of("support-agent"), "orders.cancel")
                .body("allowed", equalTo(false)).body("reason", equalTo("mutative: side effect write"));
        authorize("acme", List.of("support-agent"), "customers.export")
                .body("allowed", equalTo(false)).body("reason", equalTo("requires confirmation"));
        authorize("acme", List.of(), "orders.list")
                .body("allowed", equalTo(false)).body("reason", equalTo("missing permission orders:read"));
        authorize("unknown-tenant", List.of(), "customers.search")
                .body("allowed", equalTo(false)).body("reason", equalTo("capability belongs to another tenant or project"));
        authorize("acme", List.of("support-agent"), "shell.exec")
                .body("allowed", equalTo(false)).body("reason", equalTo("unknown capability"));
        given().header("Authorization", TestServiceKeys.bearer("executor-service")).contentType(ContentType.JSON)
                .body(Map.of("tenantId", "acme")).post("/authorizations").then().statusCode(400);
    }

    @Test
    void aRevokedGrantDeniesTheNextCallAndNarrowsTheNextSnapshot() {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            assertThat(snapshotOf(kafka, "run-before-revoke").index()).hasSize(4);
            admin().delete(GRANT).then().statusCode(200).body("changed", equalTo(true));
            try {
                authorize("acme", List.of("support-agent"), "orders.list")
                        .body("allowed", equalTo(false)).body("reason", equalTo("missing permission orders:read"));
                assertThat(snapshotOf(kafka, "run-after-revoke").index())
                        .extracting(c -> c.name()).containsExactly("customers.detail", "customers.search");
            } finally {
                admin().put(GRANT).then().statusCode(200).body("changed", equalTo(true));
            }
            authorize("acme", List.of("support-agent"), "orders.list").body("allowed", equalTo(true));
        }
    }

    @Test
    void aDisabledConnectionWithdrawsItsCapabilities() {
        admin().contentType(ContentType.JSON).body(Map.of("enabled", false)).put("/admin/connections/demo-api/enabled")
                .then().statusCode(200).body("enabled", equalTo(false));
        try {
            authorize("acme", List.of("support-agent"), "customers.search")
                    .body("allowed", equalTo(false)).body("reason", equalTo("connection demo-api is disabled"));
        } finally {
            admin().contentType(ContentType.JSON).body(Map.of("enabled", true)).put("/admin/connections/demo-api/enabled")
                    .then().statusCode(200);
        }
        admin().contentType(ContentType.JSON).body(Map.of("enabled", true)).put("/admin/connections/nowhere/enabled")
                .then().statusCode(404);
    }

    @Test
    void aConnectionSwitchedToShadowStaysInSnapshotsMarkedIsDeniedAtCallTimeAndEverySwitchIsAudited() {
        String mode = "/admin/connections/demo-api/mode";
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            admin().get(mode).then().statusCode(200).body("mode", equalTo("live"));
            admin().contentType(ContentType.JSON).body(Map.of("mode", "shadow", "reason", "trial of the new API"))
                    .put(mode).then().statusCode(200).body("mode", equalTo("shadow")).body("changed", equalTo(true));
            try {
                authorize("acme", List.of("support-agent"), "orders.list").body("allowed", equalTo(false))
                        .body("reason", equalTo("connection in shadow: planned and compared, never called"));
                SnapshotBuilt shadow = snapshotOf(kafka, "run-connection-shadow");
                assertThat(shadow.index()).hasSize(4);
                List<String> rollouts = given().header("Authorization", TestServiceKeys.bearer("planner-service"))
                        .get("/snapshots/" + shadow.snapshot().hash()).then().statusCode(200)
                        .extract().jsonPath().getList("capabilities.rollout");
                assertThat(rollouts).containsOnly("shadow").hasSize(4);
                admin().contentType(ContentType.JSON).body(Map.of("enabled", false))
                        .put("/admin/connections/demo-api/enabled").then().statusCode(200);
                admin().contentType(ContentType.JSON).body(Map.of("enabled", true))
                        .put("/admin/connections/demo-api/enabled").then().statusCode(200);
                admin().get(mode).then().body("mode", equalTo("shadow"));
            } finally {
                admin().contentType(ContentType.JSON).body(Map.of("mode", "live", "reason", "promoted"))
                        .put(mode).then().statusCode(200).body("changed", equalTo(true));
            }
            authorize("acme", List.of("support-agent"), "orders.list").body("allowed", equalTo(true));
        }
        List<Map<String, Object>> trail = admin().get(mode + "/audit").then().statusCode(200).extract().jsonPath()
                .getList("findAll { it.reason == 'trial of the new API' || it.reason == 'promoted' "
                        + "|| it.reason.startsWith('enabled set to') }");
        assertThat(trail).extracting(row -> row.get("previousMode") + ">" + row.get("mode"))
                .containsExactly("live>shadow", "shadow>off", "off>shadow", "shadow>live");
        assertThat(trail.get(0)).containsEntry("actor", "admin").containsEntry("connection", "demo-api").containsKey("at");
        admin().contentType(ContentType.JSON).body(Map.of("mode", "half", "reason", "x")).put(mode).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("mode", "shadow")).put(mode).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("mode", "shadow", "reason", "x", "operator", "mallory"))
                .put(mode).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("mode", "shadow", "reason", "x"))
                .put("/admin/connections/nowhere/mode").then().statusCode(404);
        given().contentType(ContentType.JSON).body(Map.of("mode", "shadow", "reason", "x")).put(mode).then().statusCode(401);
        admin().get(mode).then().body("mode", equalTo("live"));
    }

    @Test
    void anOperatorsAliasesReplaceACapabilitysOwnInTheNextSnapshotUntilCleared() {
        String aliases = "/admin/connections/demo-api/aliases";
        List<String> before = aliasesOf("orders.detail");
        assertThat(admin().get("/admin/connections/demo-api/capabilities").then().extract().jsonPath()
                .<String>getList("find { it.name == 'orders.detail' }.suggestedAliases"))
                .containsExactly("order details", "show order", "get order");
        admin().contentType(ContentType.JSON).body(Map.of("capability", "orders.detail",
                        "aliases", List.of(" parcel status ", "where is my order", "parcel status"), "reason", "support words"))
                .put(aliases).then().statusCode(200).body("aliases", equalTo(List.of("parcel status", "where is my order")))
                .body("setBy", equalTo("admin"));
        try {
            assertThat(aliasesOf("orders.detail")).containsExactly("parcel status", "where is my order");
            try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
                SnapshotBuilt built = snapshotOf(kafka, "run-aliases-set");
                List<String> inSnapshot = given().header("Authorization", TestServiceKeys.bearer("planner-service"))
                        .get("/snapshots/" + built.snapshot().hash()).then().statusCode(200).extract().jsonPath()
                        .getList("capabilities.find { it.name == 'orders.detail' }.aliases");
                assertThat(inSnapshot).containsExactly("parcel status", "where is my order");
            }
        } finally {
            admin().queryParam("capability", "orders.detail").delete(aliases).then().statusCode(400);
            admin().queryParam("capability", "orders.detail").queryParam("reason", "back").delete(aliases).then()
                    .statusCode(200);
        }
        assertThat(aliasesOf("orders.detail")).isEqualTo(before);
        admin().queryParam("capability", "orders.detail").queryParam("reason", "again").delete(aliases).then()
                .statusCode(404);
        List<Map<String, Object>> trail = admin().get(aliases + "/audit").then().statusCode(200).extract().jsonPath()
                .getList("findAll { it.capability == 'orders.detail' }");
        assertThat(trail).extracting(row -> row.get("aliases") + " " + row.get("reason"))
                .containsExactly("[parcel status, where is my order] support words", "null back");
        assertThat(trail.get(0)).containsEntry("actor", "admin").containsKey("at");
        admin().contentType(ContentType.JSON).body(Map.of("capability", "orders.cancel-all", "aliases", List.of("x"),
                "reason", "r")).put(aliases).then().statusCode(404);
        admin().contentType(ContentType.JSON).body(Map.of("capability", "orders.detail", "aliases", List.of("x\u0007"),
                "reason", "r")).put(aliases).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("capability", "orders.detail", "aliases", List.of("x")))
                .put(aliases).then().statusCode(400);
        given().contentType(ContentType.JSON).body(Map.of("capability", "orders.detail", "aliases", List.of("x"),
                "reason", "r")).put(aliases).then().statusCode(401);
    }

    private static List<String> aliasesOf(String capability) {
        return admin().get("/admin/connections/demo-api/capabilities").then().statusCode(200).extract().jsonPath()
                .getList("find { it.name == '" + capability + "' }.definition.aliases");
    }

    @Test
    void explainSaysWhyForAnyAudience() {
        admin().queryParam("tenantId", "acme").queryParam("projectId", "support-desk")
                .queryParam("roles", "compliance-officer").queryParam("capability", "audit.log")
                .get("/admin/explanations").then().statusCode(200).body("allowed", equalTo(true));
        admin().queryParam("tenantId", "acme").queryParam("projectId", "support-desk")
                .queryParam("roles", "support-agent").queryParam("capability", "inventory.lookup")
                .get("/admin/explanations").then().body("allowed", equalTo(false))
                .body("reason", equalTo("missing side-effect metadata"));
        admin().get("/admin/connections").then().statusCode(200)
                .body("id", hasItems("demo-api", "demo-inventory", "globex-billing"));
    }

    @Test
    void onlyTheAdminTokenReachesTheAdminApi() {
        given().get("/admin/connections").then().statusCode(401);
        given().header("Authorization", "Bearer guess").get("/admin/connections").then().statusCode(403);
        given().header("Authorization", "Bearer guess").delete(GRANT).then().statusCode(403);
        authorize("acme", List.of("support-agent"), "orders.list").body("allowed", equalTo(true));
    }

    @Test
    void unknownAndMalformedHashesAreNotServed() {
        given().header("Authorization", TestServiceKeys.bearer("planner-service")).get("/snapshots/sha256:" + "0".repeat(64)).then().statusCode(404);
        given().header("Authorization", TestServiceKeys.bearer("planner-service")).get("/snapshots/md5:abc").then().statusCode(400);
    }

    @Test
    void theAdminApiIsDescribedInOpenApi() {
        given().accept(ContentType.JSON).get("/q/openapi").then().statusCode(200)
                .body("paths.keySet()", hasItems("/admin/explanations", "/authorizations", "/snapshots/{hash}"));
    }

    private static io.restassured.response.ValidatableResponse authorize(String tenant, List<String> roles,
                                                                        String capability) {
        return given().header("Authorization", TestServiceKeys.bearer("executor-service")).contentType(ContentType.JSON)
                .body(Map.of("tenantId", tenant, "projectId", "support-desk",
                        "principal", Map.of("userId", "u-17", "roles", roles), "capability", capability))
                .post("/authorizations").then();
    }

    private static RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token");
    }

    @Test
    void anAudiencesCurrentSnapshotIsTheOneItsTurnsGetAndItIsStoredByHash() {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            String turnHash = snapshotOf(kafka, "run-audience").snapshot().hash();
            given().header("Authorization", TestServiceKeys.bearer("router-service")).contentType(ContentType.JSON).body(Map.of("tenantId", "acme", "projectId", "support-desk",
                            "roles", List.of("support-agent")))
                    .post("/snapshots").then().statusCode(200).body("hash", equalTo(turnHash))
                    .body("capabilityCount", equalTo(4));
            given().header("Authorization", TestServiceKeys.bearer("planner-service")).get("/snapshots/" + turnHash).then().statusCode(200);
        }
        given().header("Authorization", TestServiceKeys.bearer("router-service")).contentType(ContentType.JSON).body(Map.of("tenantId", "acme", "projectId", "support-desk"))
                .post("/snapshots").then().statusCode(200).body("capabilityCount", equalTo(0));
        given().header("Authorization", TestServiceKeys.bearer("router-service")).contentType(ContentType.JSON).body(Map.of("projectId", "support-desk")).post("/snapshots").then()
                .statusCode(400);
    }

    private static SnapshotBuilt snapshotOf(KafkaTestClient kafka, String runId) {
        return SnapshotTurns.snapshotOf(kafka, runId, "Where is order O-5002?");
    }
}
