package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Seed rule (opamp): developer troubleshooting is off by default, switched per tenant or per user by an
 * operator, bounded in time and audited; the executor asks the internal API whether it is on.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class TroubleshootingAdminTest {

    static final String TENANT = "/admin/troubleshooting/trouble-co";

    @Test
    void onForOneUserThenForTheWholeTenantThenOffEachSwitchAudited() {
        isOn("trouble-co", "u-1").body("on", equalTo(false));

        admin().contentType(ContentType.JSON).body(Map.of("user", "u-1", "minutes", 30, "reason", "INC-7 failing lookups"))
                .put(TENANT).then().statusCode(200).body("userId", equalTo("u-1")).body("switchedBy", equalTo("admin"));
        isOn("trouble-co", "u-1").body("on", equalTo(true));
        isOn("trouble-co", "u-2").body("on", equalTo(false));
        isOn("other-co", "u-1").body("on", equalTo(false));

        admin().contentType(ContentType.JSON).body(Map.of("reason", "all of the tenant")).put(TENANT).then().statusCode(200);
        isOn("trouble-co", "u-2").body("on", equalTo(true));
        admin().get("/admin/troubleshooting").then().statusCode(200).body("findAll { it.tenantId == 'trouble-co' }.size()",
                equalTo(2));

        admin().queryParam("reason", "done").queryParam("user", "u-1").delete(TENANT).then().statusCode(200);
        admin().queryParam("reason", "done").delete(TENANT).then().statusCode(200);
        isOn("trouble-co", "u-1").body("on", equalTo(false));
        admin().queryParam("reason", "again").delete(TENANT).then().statusCode(404);

        List<Map<String, Object>> trail = admin().get("/admin/troubleshooting/audit").then().statusCode(200).extract()
                .jsonPath().getList("findAll { it.tenant == 'trouble-co' }");
        assertThat(trail).extracting(row -> row.get("user") + " " + row.get("switched"))
                .containsExactly("u-1 on", "null on", "u-1 off", "null off");
        assertThat(trail.get(0)).containsEntry("actor", "admin").containsEntry("reason", "INC-7 failing lookups")
                .containsKey("expiresAt");
    }

    @Test
    void aSwitchNeedsAReasonABoundedDurationTheCallersOwnNameAndTheAdminToken() {
        admin().contentType(ContentType.JSON).body(Map.of("user", "u-1")).put(TENANT).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("minutes", 0, "reason", "r")).put(TENANT).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("minutes", 1441, "reason", "r")).put(TENANT).then().statusCode(400);
        admin().contentType(ContentType.JSON).body(Map.of("reason", "r", "operator", "mallory")).put(TENANT).then()
                .statusCode(400);
        given().contentType(ContentType.JSON).body(Map.of("reason", "r")).put(TENANT).then().statusCode(401);
        given().contentType(ContentType.JSON).body(Map.of("tenantId", "trouble-co", "userId", "u-1"))
                .post("/authorizations/troubleshooting").then().statusCode(401);
        isOn("trouble-co", "u-1").body("on", equalTo(false));
    }

    private static ValidatableResponse isOn(String tenant, String user) {
        return given().header("Authorization", TestServiceKeys.bearer("executor-service")).contentType(ContentType.JSON)
                .body(Map.of("tenantId", tenant, "userId", user)).post("/authorizations/troubleshooting").then()
                .statusCode(200);
    }

    private static RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token");
    }
}
