package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.capplanner.testing.mcp.TokenGuardedMcpServer;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An MCP server that demands a bearer token, registered through the admin API: the registry reads
 * its tools presenting the tenant's own token (by reference), never stores the token, and names the
 * target to the executor with the reference only.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(CredentialsTestResource.class)
class CredentialedSourceRegistrationTest {

    static final String TOKEN = "desk-token-7f3a9c";

    @Test
    void aServerDemandingATokenIsReadWithTheTenantsTokenAndNamedByReference() {
        CredentialsTestResource.write("acme", "desk-token", TOKEN);
        try (TokenGuardedMcpServer server = new TokenGuardedMcpServer(TOKEN)) {
            Map<String, Object> registration = Map.of("id", "secured-desk", "tenantId", "acme", "projectId", "secured-desk",
                    "kind", "mcp", "url", server.url(), "defaultPermissions", List.of("support:read"),
                    "credential", Map.of("scheme", "bearer", "secret", "file:desk-token"));
            String answer = admin().body(registration).post("/admin/connections").then().statusCode(201)
                    .body("capabilities", equalTo(1)).body("reads", equalTo(1)).extract().asString();
            try {
                assertThat(answer).doesNotContain(TOKEN);
                assertThat(server.authorizations()).isNotEmpty().allMatch(("Bearer " + TOKEN)::equals);
                given().header("Authorization", TestServiceKeys.bearer("executor-service")).contentType(ContentType.JSON)
                        .body(Map.of("tenantId", "acme", "projectId", "secured-desk", "target", "secured-desk"))
                        .post("/targets").then().statusCode(200).body("url", equalTo(server.url()))
                        .body("transport", equalTo("mcp")).body("credential.secret", equalTo("file:desk-token"))
                        .body(not(containsString(TOKEN)));
            } finally {
                admin().delete("/admin/connections/secured-desk").then().statusCode(204);
            }

            // A host the registry's egress policy does not allow gets no credential: nothing is sent there.
            int asked = server.authorizations().size();
            admin().body(Map.of("id", "elsewhere-desk", "tenantId", "acme", "projectId", "secured-desk", "kind", "mcp",
                            "url", server.url().replace("127.0.0.1", "localhost"),
                            "credential", Map.of("scheme", "bearer", "secret", "file:desk-token")))
                    .post("/admin/connections").then().statusCode(502)
                    .body("detail", containsString("may not be read with its credential: host localhost is not on"))
                    .body(not(containsString(TOKEN)));
            assertThat(server.authorizations()).hasSize(asked);

            // Another tenant's registration naming the same file reads its own namespace: nothing there.
            admin().body(Map.of("id", "foreign-desk", "tenantId", "globex", "projectId", "secured-desk", "kind", "mcp",
                            "url", server.url(), "credential", Map.of("scheme", "bearer", "secret", "file:desk-token")))
                    .post("/admin/connections").then().statusCode(502)
                    .body("detail", containsString("credential file:desk-token is not available"))
                    .body(not(containsString(TOKEN)));
        }
    }

    private static io.restassured.specification.RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token").contentType(ContentType.JSON);
    }
}
