package dev.capplanner.router;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.Topics;
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
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** snapshot built in, route selected out, against a real Kafka broker; one routed snapshot shared by the cases. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RoutePipelineTest {

    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final List<Capability> CAPABILITIES = CapabilityFixtures.demo();
    static final SnapshotBuilt SNAPSHOT = new SnapshotBuilt("v1", "e-r1", Instant.now(), TurnFixtures.run("run-route-1"),
            "What is the status of order O-5002?", List.of(), null, CapabilityFixtures.snapshotRef(TurnFixtures.run("run-route-1"), CAPABILITIES),
            CAPABILITIES);

    String traceId;
    List<ConsumerRecord<String, String>> routes;

    /** Publishes once, before the first case: RestAssured is only configured for the app inside a test. */
    @BeforeEach
    void routeTheSnapshotOnce() {
        if (routes != null) {
            return;
        }
        traceId = TurnFixtures.newTraceId();
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), SNAPSHOT.run().conversationId(), TurnFixtures.json(SNAPSHOT),
                    TurnFixtures.headers(SNAPSHOT, traceId));
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), "conv-x", "{\"schemaVersion\":\"v1\"}", Map.of());
            routes = kafka.awaitExactly(EventType.ROUTE_SELECTED.topic(), r -> true, 1, TIMEOUT);
        }
    }

    @Test
    void snapshotBecomesExactlyOneBoundedRouteInTheSameTrace() {
        assertThat(routes).as("exactly one route").hasSize(1);
        RouteSelected route = RunEventJson.fromJson(routes.get(0).value(), RouteSelected.class);
        assertThat(route.run()).isEqualTo(SNAPSHOT.run());
        assertThat(route.snapshot()).isEqualTo(SNAPSHOT.snapshot());
        assertThat(route.candidates()).isNotEmpty().hasSizeLessThanOrEqualTo(8);
        assertThat(route.candidates().get(0).capability().name()).isEqualTo("orders.detail");
        assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(routes.get(0), "traceparent"))).isEqualTo(traceId);
    }

    @Test
    void routeCarriesGrantsForTheWholeSnapshot() {
        RouteSelected route = RunEventJson.fromJson(routes.get(0).value(), RouteSelected.class);
        assertThat(route.grants()).extracting(Grant::name)
                .containsExactlyElementsOf(CAPABILITIES.stream().map(Capability::name).toList());
    }

    @Test
    void invalidSnapshotIsDeadLetteredWithItsReason() {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            var dead = kafka.awaitExactly(Topics.deadLetters("router-service"), r -> true, 1, TIMEOUT);
            assertThat(dead).hasSize(1);
            assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason")).startsWith("schema violation");
        }
    }

    @Test
    void routedTurnIsObservedLikeADiscoveryOfferOnTheChatChannel() {
        given().get("/q/metrics").then()
                .body(containsString("capplanner_tool_discovery_seconds_count{channel=\"chat\""));
    }

    @Test
    void discoveryPreviewsOffersForARoutedSnapshotWithoutSchemas() {
        given().contentType("application/json")
                .body(Map.of("snapshotHash", SNAPSHOT.snapshot().hash(), "query", "status of order O-5002",
                        "permissionedNames", List.of("orders.detail", "orders.list", "not.in.snapshot"),
                        "limit", 100_000, "channel", "mcp"))
                .post("/discovery/offer").then().statusCode(200)
                .body("candidates[0].name", equalTo("orders.detail"))
                .body("effectiveLimit", equalTo(100))
                .body("authorizedCount", equalTo(2))
                .body("deniedCount", equalTo(1))
                .body(not(containsString("inputSchema")));
        given().get("/q/metrics").then()
                .body(containsString("capplanner_tool_discovery_seconds_count{channel=\"mcp\""));
    }

    @Test
    void discoveryOfAnUnknownSnapshotIs404() {
        given().contentType("application/json").body(Map.of("snapshotHash", "sha256:" + "f".repeat(64), "query", "x"))
                .post("/discovery/offer").then().statusCode(404);
    }

    @Test
    void discoveryOnAnUnknownChannelIs400WithTheReason() {
        given().contentType("application/json")
                .body(Map.of("snapshotHash", SNAPSHOT.snapshot().hash(), "channel", "carrier-pigeon"))
                .post("/discovery/offer").then().statusCode(400)
                .body("error", startsWith("channel must be chat, subagent or mcp"));
    }
}
