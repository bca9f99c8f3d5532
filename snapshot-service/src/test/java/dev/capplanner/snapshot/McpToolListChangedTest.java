package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.capplanner.snapshot.approval.RefreshReview;
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
 * connection's capabilities follow without anyone calling refresh: a removed tool is denied at once,
 * a tool the server adds is held for an operator's review (rule "refresh under review") unless the
 * operator marked the server trusted. The server is a real one in its own process ({@code FileBackedMcpServer}).
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
            awaitHold("file-desk", "mcp:file-desk/list_parcels", RefreshReview.ADDED_BY_SERVER);
            assertAllowed("mcp:file-desk/list_parcels", false);
            assertAllowed("mcp:file-desk/track_parcel", true);
            given().header("Authorization", "Bearer ops-token-0123456789").contentType(ContentType.JSON)
                    .body(Map.of("reason", "lists parcels, read-only"))
                    .post("/admin/connections/file-desk/capabilities/list_parcels/approval")
                    .then().statusCode(200);
            assertAllowed("mcp:file-desk/list_parcels", true);

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
    void aServerTheOperatorTrustsAddsToolsWithoutReview() throws Exception {
        tools("track_parcel");
        admin().put("/admin/tenants/acme/roles/parcel-agent/permissions/parcels:read").then().statusCode(200);
        admin().contentType(ContentType.JSON).body(Map.of("id", "trusted-desk", "tenantId", "acme",
                        "projectId", "parcel-desk-trusted", "kind", "mcp", "command", "file-desk",
                        "defaultPermissions", List.of("parcels:read"), "trustServerChanges", true))
                .post("/admin/connections").then().statusCode(201);
        try {
            tools("track_parcel", "list_parcels");
            awaitAllowed("parcel-desk-trusted", "mcp:trusted-desk/list_parcels", true);

            // Paced: a change right after a refresh waits out snapshot.mcp-refresh-interval (5 s here).
            tools("track_parcel");
            Instant changed = Instant.now();
            while (Instant.now().isBefore(changed.plusSeconds(1))) {
                org.assertj.core.api.Assertions.assertThat(allowed("parcel-desk-trusted", "mcp:trusted-desk/list_parcels"))
                        .as("refreshed again within a second of the last refresh").isTrue();
                Thread.sleep(100);
            }
            awaitAllowed("parcel-desk-trusted", "mcp:trusted-desk/list_parcels", false);
        } finally {
            admin().delete("/admin/connections/trusted-desk").then().statusCode(204);
        }
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

    /**
     * Replaces the server's tools file in one step: the server polls it, and a file read half-written
     * would remove a tool for a moment, which then comes back as one the server added (held for review).
     */
    private static void tools(String... names) throws IOException {
        java.nio.file.Path next = StdioCommandsTestResource.TOOLS_FILE.resolveSibling("tools.next");
        Files.writeString(next, String.join("\n", names) + "\n");
        Files.move(next, StdioCommandsTestResource.TOOLS_FILE, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static void awaitHold(String connection, String capability, String hold) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (!hold.equals(holdOf(connection, capability))) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(capability + " is not held (" + holdOf(connection, capability) + ") after "
                        + PATIENCE.toSeconds() + " s");
            }
            Thread.sleep(100);
        }
    }

    private static String holdOf(String connection, String capability) {
        List<Map<String, Object>> capabilities = admin().get("/admin/connections/" + connection + "/capabilities")
                .then().statusCode(200).extract().jsonPath().getList("definition");
        return capabilities.stream().filter(c -> capability.equals(c.get("name")))
                .map(c -> (String) c.get("reviewHold")).findFirst().orElse(null);
    }

    private static void awaitAllowed(String capability, boolean allowed) throws InterruptedException {
        awaitAllowed("parcel-desk", capability, allowed);
    }

    private static void awaitAllowed(String project, String capability, boolean allowed) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (allowed(project, capability) != allowed) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(capability + " is still " + (allowed ? "denied" : "allowed") + " after "
                        + PATIENCE.toSeconds() + " s: the tools/list_changed notification did not refresh the registry");
            }
            Thread.sleep(100);
        }
    }

    private static void assertAllowed(String capability, boolean allowed) {
        io.restassured.path.json.JsonPath decision = decision("parcel-desk", capability);
        org.assertj.core.api.Assertions.assertThat(decision.getBoolean("allowed"))
                .as(capability + " (" + decision.getString("reason") + ")").isEqualTo(allowed);
    }

    private static boolean allowed(String capability) {
        return allowed("parcel-desk", capability);
    }

    private static boolean allowed(String project, String capability) {
        return decision(project, capability).getBoolean("allowed");
    }

    private static io.restassured.path.json.JsonPath decision(String project, String capability) {
        return given().header("Authorization", TestServiceKeys.bearer("executor-service")).contentType(ContentType.JSON).body(Map.of("tenantId", "acme", "projectId", project,
                        "principal", Map.of("userId", "u-1", "roles", List.of("parcel-agent")), "capability", capability))
                .post("/authorizations").then().statusCode(200).extract().jsonPath();
    }

    private static RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token");
    }
}
