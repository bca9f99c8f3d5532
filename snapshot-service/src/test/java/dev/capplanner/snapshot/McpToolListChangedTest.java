package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An MCP server over stdio, started by the service from a command line its operator configured,
 * registered as a connection and watched: when the server says {@code tools/list_changed}, the
 * connection's capabilities follow (a new tool becomes callable, a removed one is denied) without
 * anyone calling refresh. The server is a real one in its own process ({@code FileBackedMcpServer}).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(StdioCommandsTestResource.class)
class McpToolListChangedTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @Test
    void aStdioServersToolChangesReachTheRegistryWithoutARefresh() throws Exception {
        tools("track_parcel");
        admin().put("/admin/tenants/acme/roles/parcel-agent/permissions/parcels:read").then().statusCode(200);
        admin().contentType(ContentType.JSON).body(Map.of("id", "file-desk", "tenantId", "acme",
                        "projectId", "parcel-desk", "kind", "mcp", "command", "file-desk",
                        "defaultPermissions", List.of("parcels:read")))
                .post("/admin/connections").then().statusCode(201)
                .body("capabilities", equalTo(1)).body("reads", equalTo(1));
        try {
            assertAllowed("mcp:file-desk/track_parcel", true);
            assertAllowed("mcp:file-desk/list_parcels", false);

            tools("track_parcel", "list_parcels");
            awaitAllowed("mcp:file-desk/list_parcels", true);
            assertAllowed("mcp:file-desk/track_parcel", true);

            tools("list_parcels");
            awaitAllowed("mcp:file-desk/track_parcel", false);
            assertAllowed("mcp:file-desk/list_parcels", true);
        } finally {
            admin().delete("/admin/connections/file-desk").then().statusCode(204);
        }
        // The deleted connection's server is no longer watched: a change does not bring it back.
        tools("list_parcels", "track_parcel");
        Thread.sleep(1500);
        admin().get("/admin/connections").then().statusCode(200).body("id", not(hasItem("file-desk")));
    }

    @Test
    void aRegistrationNamesAConfiguredCommandNeverACommandLine() {
        admin().contentType(ContentType.JSON).body(Map.of("id", "rogue", "tenantId", "acme", "projectId", "parcel-desk",
                        "kind", "mcp", "command", "rm-rf"))
                .post("/admin/connections").then().statusCode(400)
                .body("detail", equalTo("no stdio command named rm-rf is configured (snapshot.stdio-commands.rm-rf)"));
        admin().contentType(ContentType.JSON).body(Map.of("id", "rogue", "tenantId", "acme", "projectId", "parcel-desk",
                        "kind", "mcp", "command", "/bin/sh -c id"))
                .post("/admin/connections").then().statusCode(400)
                .body("detail", equalTo("command names a configured stdio command: lower-case letters, digits and '-'"));
        admin().contentType(ContentType.JSON).body(Map.of("id", "rogue", "tenantId", "acme", "projectId", "parcel-desk",
                        "kind", "openapi", "command", "file-desk", "target", "x"))
                .post("/admin/connections").then().statusCode(400)
                .body("detail", equalTo("command (a configured stdio command) is for an MCP server without a url"));
    }

    private static void tools(String... names) throws IOException {
        Files.writeString(StdioCommandsTestResource.TOOLS_FILE, String.join("\n", names) + "\n");
    }

    private static void awaitAllowed(String capability, boolean allowed) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (allowed(capability) != allowed) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(capability + " is still " + (allowed ? "denied" : "allowed") + " after "
                        + PATIENCE.toSeconds() + " s: the tools/list_changed notification did not refresh the registry");
            }
            Thread.sleep(100);
        }
    }

    private static void assertAllowed(String capability, boolean allowed) {
        org.assertj.core.api.Assertions.assertThat(allowed(capability)).as(capability).isEqualTo(allowed);
    }

    private static boolean allowed(String capability) {
        return given().header("Authorization", TestServiceKeys.bearer("executor-service")).contentType(ContentType.JSON).body(Map.of("tenantId", "acme", "projectId", "parcel-desk",
                        "principal", Map.of("userId", "u-1", "roles", List.of("parcel-agent")), "capability", capability))
                .post("/authorizations").then().statusCode(200).extract().path("allowed");
    }

    private static RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token");
    }
}
