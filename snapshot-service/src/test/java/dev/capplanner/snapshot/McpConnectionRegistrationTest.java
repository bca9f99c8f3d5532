package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.capplanner.testing.mcp.ReferenceMcpServer;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A live MCP server registered through the admin API: the reference server
 * {@code @modelcontextprotocol/server-everything} over streamable HTTP, where it is installed
 * ({@code .ci/run} installs it and sets {@code CAPPLANNER_MCP_EVERYTHING}); elsewhere the test is
 * skipped and says why. Its tools are classified by their annotations; an annotated read gets a
 * {@code tools/call} endpoint and is allowed like any other permitted read.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class McpConnectionRegistrationTest {

    @Test
    void theReferenceServersToolsAreRegisteredAndDecidedByTheirAnnotations() throws Exception {
        Optional<Path> script = ReferenceMcpServer.installed();
        if (script.isEmpty()) {
            System.err.println(ReferenceMcpServer.skipReason("McpConnectionRegistrationTest"));
        }
        Assumptions.assumeTrue(script.isPresent(), ReferenceMcpServer.skipReason("SKIPPED LOUDLY"));
        try (ReferenceMcpServer server = ReferenceMcpServer.startOverHttp(script.get())) {
            given().header("Authorization", "Bearer test-admin-token").contentType(ContentType.JSON)
                    .body(Map.of("id", "everything", "tenantId", "acme", "projectId", "mcp-desk", "kind", "mcp",
                            "url", server.url(), "defaultPermissions", List.of("tools:read")))
                    .post("/admin/connections").then().statusCode(201)
                    .body("capabilities", equalTo(13)).body("reads", equalTo(8)).body("heldForReview", equalTo(1));
            given().header("Authorization", "Bearer test-admin-token")
                    .put("/admin/tenants/acme/roles/tool-user/permissions/tools:read").then().statusCode(200);
            authorize("mcp:everything/echo").body("allowed", equalTo(true));
            authorize("mcp:everything/toggle-simulated-logging").body("allowed", equalTo(false));
            authorize("mcp:everything/trigger-long-running-operation").body("reason", equalTo("held for operator review: "
                    + "read-only status contradicts its name (trigger): excluded until an operator reviews it"));
            given().header("Authorization", "Bearer test-admin-token")
                    .delete("/admin/connections/everything").then().statusCode(204);
        }
    }

    private static ValidatableResponse authorize(String capability) {
        return given().header("Authorization", TestServiceKeys.bearer("executor-service")).contentType(ContentType.JSON).body(Map.of("tenantId", "acme", "projectId", "mcp-desk",
                        "principal", Map.of("userId", "u-1", "roles", List.of("tool-user")), "capability", capability))
                .post("/authorizations").then().statusCode(200);
    }
}
