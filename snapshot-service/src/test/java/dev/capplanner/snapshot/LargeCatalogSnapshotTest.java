package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.http.LoopbackHttp;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A registered source of 10,000 read operations becomes one snapshot that flows through a real
 * broker with its default 1 MB record limit: the event carries the sealed hash and the compact
 * index (the service compresses records), and the definitions are served by hash. Its own project,
 * so other tests' snapshots do not change.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class LargeCatalogSnapshotTest {

    static final int OPERATIONS = 10_000;
    static final String PROJECT = "bulk-desk";
    static final int ONE_MEGABYTE = 1024 * 1024;

    @Test
    void aTenThousandOperationSourceFlowsAsIndexAndHash() throws IOException {
        HttpServer source = serve(openApiDocument(OPERATIONS));
        try {
            admin().put("/admin/tenants/acme/roles/bulk-agent/permissions/bulk:read").then().statusCode(200);
            admin().contentType(ContentType.JSON).body(Map.of("id", "bulk", "tenantId", "acme", "projectId", PROJECT,
                            "kind", "openapi", "url", LoopbackHttp.url(source) + "/openapi.json",
                            "target", "bulk-api", "defaultPermissions", List.of("bulk:read")))
                    .post("/admin/connections").then().statusCode(201).body("capabilities", equalTo(OPERATIONS));
        } finally {
            source.stop(0);
        }
        RunContext run = new RunContext("run-bulk-1", "turn-bulk-1", 0, "acme", PROJECT, "conv-bulk-1",
                new Principal("u-90", List.of("bulk-agent")));
        TurnRequested turn = new TurnRequested(RunEvent.SCHEMA_VERSION, UUID.randomUUID().toString(), Instant.now(), run,
                "list the refund records of service 73", List.of(), null);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.TURN_REQUESTED.topic(), run.conversationId(), TurnFixtures.json(turn),
                    TurnFixtures.headers(turn, TurnFixtures.newTraceId()));
            var records = kafka.awaitExactly(EventType.SNAPSHOT_BUILT.topic(),
                    r -> r.value().contains("\"runId\":\"run-bulk-1\""), 1, Duration.ofSeconds(90));
            assertThat(records).hasSize(1);
            String event = records.get(0).value();
            assertThat(event.length()).as("uncompressed, the index alone passes the broker's record limit")
                    .isGreaterThan(ONE_MEGABYTE);
            SnapshotBuilt built = RunEventJson.fromJson(event, SnapshotBuilt.class);
            assertThat(built.index()).hasSize(OPERATIONS);
            assertThat(built.snapshot().capabilityCount()).isEqualTo(OPERATIONS);

            byte[] stored = given().header("Authorization", TestServiceKeys.bearer("planner-service")).get("/snapshots/" + built.snapshot().hash()).then().statusCode(200)
                    .extract().asByteArray();
            SnapshotBody body = new VerifiedSnapshots(TestSeals.SEALS,
                    hash -> CompletableFuture.completedFuture(Optional.of(stored)), 1)
                    .forRun(run, built.snapshot()).toCompletableFuture().join();
            assertThat(body.index()).as("the index is the projection of the definitions served by hash")
                    .isEqualTo(built.index());
        } finally {
            admin().delete("/admin/connections/bulk").then().statusCode(204);
        }
    }

    /** One GET operation per service and entity, with a path parameter and a response collection. */
    static String openApiDocument(int operations) throws IOException {
        String[] entities = {"customer", "order", "invoice", "shipment", "ticket", "product", "payment", "refund"};
        Map<String, Object> paths = new LinkedHashMap<>();
        for (int i = 0; i < operations; i++) {
            String entity = entities[i % entities.length];
            int service = i / entities.length;
            Map<String, Object> get = Map.of("operationId", "svc" + service + "List" + capitalized(entity) + "s",
                    "summary", "List the " + entity + " records of service " + service + ", newest first.",
                    "description", "Returns " + entity + " records with status, owner, region and the time of the"
                            + " last change. Paginated by cursor.",
                    "parameters", List.of(Map.of("name", "status", "in", "query",
                            "schema", Map.of("type", "string", "enum", List.of("open", "closed")))),
                    "responses", Map.of("200", Map.of("description", "ok")));
            paths.put("/svc" + service + "/" + entity + "s", Map.of("get", get));
        }
        return new ObjectMapper().writeValueAsString(Map.of("openapi", "3.0.3",
                "info", Map.of("title", "Bulk", "version", "1"), "paths", paths));
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static HttpServer serve(String document) {
        HttpServer server = LoopbackHttp.start();
        byte[] body = document.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        server.createContext("/openapi.json", exchange -> LoopbackHttp.respondJson(exchange, 200, body));
        return server;
    }

    private static io.restassured.specification.RequestSpecification admin() {
        return given().header("Authorization", "Bearer test-admin-token");
    }
}
