package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A live MCP server registered through the admin API: the reference server
 * {@code @modelcontextprotocol/server-everything} over streamable HTTP, where it is installed
 * ({@code .ci/run} installs it and sets {@code CAPPLANNER_MCP_EVERYTHING}); elsewhere the test is
 * skipped and says why. Its tools are classified by their annotations; none can be used yet, since
 * the executor cannot call MCP tools (no endpoint: denied).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class McpConnectionRegistrationTest {

    static final String LOCATION = "CAPPLANNER_MCP_EVERYTHING";

    @Test
    void theReferenceServersToolsAreRegisteredAndDecidedByTheirAnnotations() throws Exception {
        String script = System.getenv(LOCATION);
        if (script == null || !Files.isRegularFile(Path.of(script))) {
            System.err.println("McpConnectionRegistrationTest SKIPPED: the MCP reference server is not installed here"
                    + " (set " + LOCATION + "; .ci/run installs it with npm)");
        }
        Assumptions.assumeTrue(script != null && Files.isRegularFile(Path.of(script)),
                "SKIPPED LOUDLY: the MCP reference server is not installed here (set " + LOCATION + ")");
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder("node", script, "streamableHttp").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PORT", String.valueOf(port));
        Process node = builder.start();
        try {
            awaitListening(port);
            given().header("Authorization", "Bearer test-admin-token").contentType(ContentType.JSON)
                    .body(Map.of("id", "everything", "tenantId", "acme", "projectId", "mcp-desk", "kind", "mcp",
                            "url", "http://127.0.0.1:" + port + "/mcp", "defaultPermissions", List.of("tools:read")))
                    .post("/admin/connections").then().statusCode(201)
                    .body("capabilities", equalTo(13)).body("reads", equalTo(8)).body("heldForReview", equalTo(1));
            given().header("Authorization", "Bearer test-admin-token")
                    .put("/admin/tenants/acme/roles/tool-user/permissions/tools:read").then().statusCode(200);
            authorize("echo").body("allowed", equalTo(false))
                    .body("reason", equalTo("missing endpoint or input schema"));
            authorize("toggle-simulated-logging").body("allowed", equalTo(false));
            authorize("trigger-long-running-operation").body("reason", equalTo("held for operator review: "
                    + "read-only status contradicts its name (trigger): excluded until an operator reviews it"));
        } finally {
            node.destroy();
            node.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static ValidatableResponse authorize(String capability) {
        return given().contentType(ContentType.JSON).body(Map.of("tenantId", "acme", "projectId", "mcp-desk",
                        "principal", Map.of("userId", "u-1", "roles", List.of("tool-user")), "capability", capability))
                .post("/authorizations").then().statusCode(200);
    }

    private static void awaitListening(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("the MCP reference server did not listen on port " + port);
    }
}
