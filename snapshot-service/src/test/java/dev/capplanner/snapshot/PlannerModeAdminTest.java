package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rule "modes at runtime": an operator switches a tenant's planner mode through the admin API, the
 * switch is stored in PostgreSQL with who, when and why, and the tenant's next turn carries it; back
 * to the default, the next turn carries none.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class PlannerModeAdminTest {

    static final String ACME = "/admin/planner-modes/" + TurnFixtures.TENANT;

    @Test
    void aSwitchIsStampedOnTheTenantsNextTurnAndEveryChangeIsAudited() {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            assertThat(snapshotOf(kafka, "run-mode-default").plannerMode()).as("no switch: the planner's default")
                    .isNull();

            admin().contentType(ContentType.JSON).body(Map.of("mode", "classic", "reason", "rollback: divergence spike"))
                    .put(ACME).then().statusCode(200).body("mode", equalTo("classic")).body("changed", equalTo(true));
            assertThat(snapshotOf(kafka, "run-mode-classic").plannerMode()).isEqualTo("classic");
            admin().get(ACME).then().statusCode(200).body("mode", equalTo("classic"))
                    .body("changedBy", equalTo("admin")).body("reason", equalTo("rollback: divergence spike"));
            admin().contentType(ContentType.JSON).body(Map.of("mode", "classic", "reason", "again"))
                    .put(ACME).then().statusCode(200).body("changed", equalTo(false));

            admin().queryParam("reason", "divergences reviewed").delete(ACME).then().statusCode(200);
            assertThat(snapshotOf(kafka, "run-mode-cleared").plannerMode()).isNull();
            admin().get(ACME).then().statusCode(404);
        }
        List<Map<String, Object>> trail = admin().get("/admin/planner-modes/audit").then().statusCode(200)
                .extract().jsonPath().getList("findAll { it.tenant == '" + TurnFixtures.TENANT + "' }");
        assertThat(trail).as("the unchanged switch is not a change").hasSize(2);
        assertThat(trail.get(0)).containsEntry("previousMode", null).containsEntry("mode", "classic")
                .containsEntry("actor", "admin").containsEntry("reason", "rollback: divergence spike")
                .containsKey("at");
        assertThat(trail.get(1)).containsEntry("previousMode", "classic").containsEntry("mode", null)
                .containsEntry("reason", "divergences reviewed");
    }

    @Test
    void anUnknownModeAMissingReasonAnotherOperatorAndNoTokenAreRefused() {
        admin().contentType(ContentType.JSON).body(Map.of("mode", "yolo", "reason", "why not")).put(ACME)
                .then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("mode", "capability")).put(ACME).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("mode", "capability", "reason", "promote", "operator", "mallory"))
                .put(ACME).then().statusCode(400);
        given().contentType(ContentType.JSON).body(Map.of("mode", "capability", "reason", "promote")).put(ACME)
                .then().statusCode(401);
        admin().get(ACME).then().statusCode(404);
    }

    private static RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token");
    }

    private static SnapshotBuilt snapshotOf(KafkaTestClient kafka, String runId) {
        return SnapshotTurns.snapshotOf(kafka, runId, "Where is order O-5002?");
    }
}
