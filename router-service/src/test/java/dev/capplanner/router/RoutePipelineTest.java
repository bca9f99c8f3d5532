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
import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * snapshot built in, route selected out, against a real Kafka broker; one routed snapshot shared by
 * the cases. The snapshot's definitions come from a stand-in snapshot service by hash.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(value = SnapshotServiceTestResource.class,
        initArgs = @ResourceArg(name = "property", value = "router.snapshot-service.url"))
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RoutePipelineTest {

    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final List<Capability> CAPABILITIES = CapabilityFixtures.demo();
    static final SnapshotBuilt SNAPSHOT = inMode(snapshotBuilt("run-route-1", "What is the status of order O-5002?",
            CAPABILITIES), "capability");

    /** The snapshot as the snapshot service stamps it for a tenant an operator switched to {@code mode}. */
    static SnapshotBuilt inMode(SnapshotBuilt s, String mode) {
        return new SnapshotBuilt(s.schemaVersion(), s.eventId(), s.occurredAt(), s.run(), s.question(), s.recentTurns(),
                s.currentSelection(), s.snapshot(), s.index(), s.priorEvidence(), mode);
    }

    static SnapshotBuilt snapshotBuilt(String runId, String question, List<Capability> capabilities) {
        return CapabilityFixtures.snapshotBuilt(runId, question, capabilities);
    }

    String traceId;
    List<ConsumerRecord<String, String>> routes;

    /** Publishes once, before the first case: RestAssured is only configured for the app inside a test. */
    @BeforeEach
    void routeTheSnapshotOnce() {
        if (routes != null) {
            return;
        }
        traceId = TurnFixtures.newTraceId();
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(CAPABILITIES));
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), SNAPSHOT.run().conversationId(), TurnFixtures.json(SNAPSHOT),
                    TurnFixtures.headers(SNAPSHOT, traceId));
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), "conv-x", "{\"schemaVersion\":\"v1\"}", Map.of());
            routes = kafka.awaitExactly(EventType.ROUTE_SELECTED.topic(),
                    r -> r.value().contains("\"runId\":\"run-route-1\""), 1, TIMEOUT);
        }
    }

    @Test
    void snapshotBecomesExactlyOneBoundedRouteInTheSameTrace() {
        assertThat(routes).as("exactly one route").hasSize(1);
        RouteSelected route = RunEventJson.fromJson(routes.get(0).value(), RouteSelected.class);
        assertThat(route.run()).isEqualTo(SNAPSHOT.run());
        assertThat(route.snapshot()).isEqualTo(SNAPSHOT.snapshot());
        assertThat(route.plannerMode()).as("the tenant's runtime mode goes on to the planner").isEqualTo("capability");
        assertThat(route.candidates()).isNotEmpty().hasSizeLessThanOrEqualTo(8);
        assertThat(route.candidates().get(0).capability().name()).isEqualTo("orders.detail");
        assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(routes.get(0), "traceparent"))).isEqualTo(traceId);
    }

    @Test
    void routeCarriesOnlyTheCandidatesDefinitions() {
        String route = routes.get(0).value();
        assertThat(route).doesNotContain("\"grants\"").contains("\"inputSchema\"");
        assertThat(SnapshotServiceTestResource.FETCHES.get(SNAPSHOT.snapshot().hash()))
                .as("the body was fetched by hash, once").isEqualTo(1);
    }

    @Test
    void aLookAlikeFromAnotherSourceRidesInItsFamilysPlaceWithItsFullSchema() {
        List<Capability> withArchive = new java.util.ArrayList<>(CAPABILITIES);
        withArchive.add(CapabilityFixtures.capability("archive.order", "order", "detail",
                "Get one archived order with its status by order id.", "/archive/orders/{orderId}",
                Map.of("orderId", "^O-[0-9]{4}$"), List.of("order status")));
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(withArchive));
        SnapshotBuilt built = snapshotBuilt("run-route-lookalike", "What is the status of order O-5002?", withArchive);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), built.run().conversationId(), TurnFixtures.json(built),
                    TurnFixtures.headers(built, TurnFixtures.newTraceId()));
            var routed = kafka.await(EventType.ROUTE_SELECTED.topic(), r -> r.value().contains("run-route-lookalike"),
                    1, TIMEOUT);
            RouteSelected route = RunEventJson.fromJson(routed.get(0).value(), RouteSelected.class);
            var detail = route.candidates().get(0);
            assertThat(detail.capability().name()).isEqualTo("orders.detail");
            assertThat(detail.lookAlikes()).extracting(Capability::name).containsExactly("archive.order");
            assertThat(detail.lookAlikes().get(0).inputSchema()).containsKey("properties");
            assertThat(detail.matchReason()).contains("look-alikes: archive.order");
            assertThat(route.candidates()).extracting(c -> c.capability().name()).doesNotContain("archive.order");
        }
    }

    @Test
    void invalidSnapshotIsDeadLetteredWithItsReason() {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            var dead = kafka.awaitExactly(Topics.deadLetters("router-service"), r -> "conv-x".equals(r.key()), 1, TIMEOUT);
            assertThat(dead).hasSize(1);
            assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason")).startsWith("schema violation");
        }
    }

    @Test
    void whileTheSnapshotServiceIsAwayTheRecordWaitsAndIsRoutedWhenItReturns() {
        List<Capability> subset = CAPABILITIES.subList(1, 3);
        String hash = SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(subset));
        SnapshotServiceTestResource.UNAVAILABLE.put(hash, 3);
        SnapshotBuilt built = snapshotBuilt("run-route-outage", "Find customer Anna Conti", subset);
        assertThat(built.snapshot().hash()).isEqualTo(hash);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), built.run().conversationId(), TurnFixtures.json(built),
                    TurnFixtures.headers(built, TurnFixtures.newTraceId()));
            assertThat(kafka.await(EventType.ROUTE_SELECTED.topic(), r -> r.value().contains("run-route-outage"), 1,
                    TIMEOUT)).hasSize(1);
            assertThat(kafka.awaitExactly(Topics.deadLetters("router-service"),
                    r -> r.value().contains("run-route-outage"), 0, Duration.ofSeconds(1))).isEmpty();
        }
        assertThat(SnapshotServiceTestResource.FETCHES.get(hash)).as("three 503s, then the body").isEqualTo(4);
    }

    @Test
    void forgedOrAlteredSnapshotsAreDeadLetteredBeforeAnyRanking() {
        SnapshotBuilt genuine = snapshotBuilt("run-route-forged", "Find customer Anna Conti", CAPABILITIES);
        SnapshotBuilt otherRun = new SnapshotBuilt("v1", "e-f1", Instant.now(), TurnFixtures.run("run-route-replayed"),
                genuine.question(), List.of(), null, genuine.snapshot(), genuine.index());
        List<CapabilityIndexEntry> alteredIndex = new java.util.ArrayList<>(genuine.index());
        alteredIndex.set(0, new CapabilityIndexEntry("customers.export", "api:customers", "customer", "export",
                "Export every customer.", List.of()));
        SnapshotBuilt altered = new SnapshotBuilt("v1", "e-f2", Instant.now(), genuine.run(), genuine.question(),
                List.of(), null, genuine.snapshot(), alteredIndex);
        List<Capability> unknownBody = List.of(CAPABILITIES.get(0));
        SnapshotBuilt unknown = snapshotBuilt("run-route-unknown", "q", unknownBody);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            for (SnapshotBuilt forged : List.of(otherRun, altered, unknown)) {
                kafka.publish(EventType.SNAPSHOT_BUILT.topic(), "conv-forged", TurnFixtures.json(forged), Map.of());
            }
            var dead = kafka.awaitExactly(Topics.deadLetters("router-service"), r -> "conv-forged".equals(r.key()), 3,
                    TIMEOUT);
            assertThat(dead).extracting(r -> KafkaTestClient.header(r, "dead-letter-reason")).containsExactly(
                    "untrusted snapshot: snapshot seal does not match run, conversation, principal and hash",
                    "untrusted snapshot: the event's index is not the index of the body its hash names",
                    "untrusted snapshot: the snapshot service does not know snapshot " + unknown.snapshot().hash());
            assertThat(kafka.awaitExactly(EventType.ROUTE_SELECTED.topic(),
                    r -> r.value().contains("run-route-replayed") || r.value().contains("run-route-unknown"), 0,
                    Duration.ofSeconds(1))).isEmpty();
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
                .body("effectiveLimit", equalTo(256))
                .body("authorizedCount", equalTo(2))
                .body("deniedCount", equalTo(1))
                .body(not(containsString("inputSchema")));
        given().get("/q/metrics").then()
                .body(containsString("capplanner_tool_discovery_seconds_count{channel=\"mcp\""));
    }

    @Test
    void discoveryOfASnapshotThisReplicaNeverRoutedFetchesItByHash() {
        List<Capability> customersOnly = CAPABILITIES.subList(0, 2);
        String hash = SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(customersOnly));
        given().contentType("application/json")
                .body(Map.of("snapshotHash", hash, "query", "find customer Anna Conti",
                        "permissionedNames", List.of("customers.search", "customers.detail")))
                .post("/discovery/offer").then().statusCode(200)
                .body("candidates[0].name", equalTo("customers.search"));
        assertThat(SnapshotServiceTestResource.FETCHES.get(hash)).isEqualTo(1);
    }

    @Test
    void discoveryForAPrincipalOffersWhatTheRegistryPermitsAndCallerNamesOnlyNarrowIt() {
        List<Capability> customersOnly = CAPABILITIES.subList(0, 2);
        String hash = SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(customersOnly));
        SnapshotServiceTestResource.audience(TurnFixtures.TENANT, TurnFixtures.PROJECT, List.of("support-agent"), hash);
        Map<String, Object> principal = Map.of("tenantId", TurnFixtures.TENANT, "projectId", TurnFixtures.PROJECT,
                "roles", List.of("support-agent"), "query", "find customer Anna Conti");
        given().contentType("application/json").body(principal).post("/discovery/offer").then().statusCode(200)
                .body("candidates[0].name", equalTo("customers.search"))
                .body("authorizedCount", equalTo(2));
        Map<String, Object> wider = new java.util.HashMap<>(principal);
        wider.put("permissionedNames", List.of("customers.search", "orders.detail"));
        given().contentType("application/json").body(wider).post("/discovery/offer").then().statusCode(200)
                .body("candidates.name", org.hamcrest.Matchers.contains("customers.search"))
                .body("authorizedCount", equalTo(1));
        Map<String, Object> both = new java.util.HashMap<>(principal);
        both.put("snapshotHash", hash);
        given().contentType("application/json").body(both).post("/discovery/offer").then().statusCode(400)
                .body("error", startsWith("give either a principal"));
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
                .body("error", startsWith("channel must be one of chat, subagent, crm, ticket, workflow, mcp"));
    }

    @Test
    void theTenantsChannelPoliciesNarrowTheOffer() {
        List<String> all = CAPABILITIES.stream().map(Capability::name).toList();
        Map<String, Object> crm = Map.of("snapshotHash", SNAPSHOT.snapshot().hash(), "query", "customer orders",
                "permissionedNames", all, "channel", "crm");
        // application.properties (test profile): acme's crm channel may use customers.search only.
        given().contentType("application/json").body(crm).post("/discovery/offer").then().statusCode(200)
                .body("candidates.name", org.hamcrest.Matchers.contains("customers.search"));
        Map<String, Object> ticket = new java.util.HashMap<>(crm);
        ticket.put("channel", "ticket");
        given().contentType("application/json").body(ticket).post("/discovery/offer").then().statusCode(200)
                .body("candidates", org.hamcrest.Matchers.empty()).body("authorizedCount", equalTo(0));
        Map<String, Object> subagent = new java.util.HashMap<>(crm);
        subagent.put("channel", "subagent");
        subagent.put("childAllowlist", List.of("orders.list", "customers.detail"));
        given().contentType("application/json").body(subagent).post("/discovery/offer").then().statusCode(200)
                .body("candidates.name", org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.in(
                        List.of("orders.list", "customers.detail"))))
                .body("authorizedCount", equalTo(2));
        Map<String, Object> workflow = new java.util.HashMap<>(crm);
        workflow.put("channel", "workflow");
        given().contentType("application/json").body(workflow).post("/discovery/offer").then().statusCode(200)
                .body("strategy", equalTo("none"))
                .body("candidates.name", org.hamcrest.Matchers.contains(all.stream().sorted().toArray()));
        given().contentType("application/json").body(Map.of("snapshotHash", SNAPSHOT.snapshot().hash(),
                        "channel", "chat", "childAllowlist", List.of("orders.list")))
                .post("/discovery/offer").then().statusCode(400)
                .body("error", equalTo("childAllowlist is for the subagent channel"));
    }
}
