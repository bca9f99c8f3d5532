package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Grant;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** snapshot built in, route selected out, against a real Kafka broker. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
class RoutePipelineTest {

    @Test
    void snapshotBecomesABoundedRouteWithGrantsForTheWholeSnapshot() {
        List<Capability> capabilities = CapabilityFixtures.demo();
        SnapshotBuilt snapshot = new SnapshotBuilt("v1", "e-r1", Instant.now(), TurnFixtures.run("run-route-1"),
                "What is the status of order O-5002?", List.of(), null, CapabilityFixtures.snapshotRef(capabilities),
                capabilities);
        String traceId = TurnFixtures.newTraceId();
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), snapshot.run().conversationId(), TurnFixtures.json(snapshot),
                    TurnFixtures.headers(snapshot, traceId));
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), "conv-x", "{\"schemaVersion\":\"v1\"}", Map.of());

            var routes = kafka.await(EventType.ROUTE_SELECTED.topic(), r -> true, 1, Duration.ofSeconds(30));
            assertThat(routes).hasSize(1);
            RouteSelected route = RunEventJson.fromJson(routes.get(0).value(), RouteSelected.class);
            assertThat(route.run()).isEqualTo(snapshot.run());
            assertThat(route.snapshot()).isEqualTo(snapshot.snapshot());
            assertThat(route.candidates()).isNotEmpty().hasSizeLessThanOrEqualTo(8);
            assertThat(route.candidates().get(0).capability().name()).isEqualTo("orders.detail");
            assertThat(route.grants()).extracting(Grant::name)
                    .containsExactlyElementsOf(capabilities.stream().map(Capability::name).toList());
            assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(routes.get(0), "traceparent"))).isEqualTo(traceId);

            var dead = kafka.await("capplanner.router-service.dlq.v1", r -> true, 1, Duration.ofSeconds(30));
            assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason")).startsWith("schema violation");
        }

        // The routed turn is observed like a discovery offer on the chat channel.
        io.restassured.RestAssured.given().get("/q/metrics").then()
                .body(org.hamcrest.Matchers.containsString("capplanner_tool_discovery_seconds_count{channel=\"chat\""));

        // The routed snapshot is now indexed: discovery can preview offers for it.
        io.restassured.RestAssured.given().contentType("application/json")
                .body(Map.of("snapshotHash", snapshot.snapshot().hash(), "query", "status of order O-5002",
                        "permissionedNames", List.of("orders.detail", "orders.list", "not.in.snapshot"),
                        "limit", 100_000, "channel", "mcp"))
                .post("/discovery/offer").then().statusCode(200)
                .body("candidates[0].name", org.hamcrest.Matchers.equalTo("orders.detail"))
                .body("effectiveLimit", org.hamcrest.Matchers.equalTo(100))
                .body("authorizedCount", org.hamcrest.Matchers.equalTo(2))
                .body("deniedCount", org.hamcrest.Matchers.equalTo(1))
                .body(org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString("inputSchema")));
        io.restassured.RestAssured.given().get("/q/metrics").then()
                .body(org.hamcrest.Matchers.containsString("capplanner_tool_discovery_seconds_count{channel=\"mcp\""));
        io.restassured.RestAssured.given().contentType("application/json")
                .body(Map.of("snapshotHash", "sha256:" + "f".repeat(64), "query", "x"))
                .post("/discovery/offer").then().statusCode(404);
        io.restassured.RestAssured.given().contentType("application/json")
                .body(Map.of("snapshotHash", snapshot.snapshot().hash(), "channel", "carrier-pigeon"))
                .post("/discovery/offer").then().statusCode(400)
                .body("error", org.hamcrest.Matchers.startsWith("channel must be chat, subagent or mcp"));
    }
}
