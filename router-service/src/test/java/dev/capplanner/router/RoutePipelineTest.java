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
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
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
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), SNAPSHOT.run().conversationId(),
                    TurnFixtures.json(TestSeals.SNAPSHOT_EVENT_SEALS.sealed(SNAPSHOT)),
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
        assertThat(TestSeals.ROUTE_SEALS.verify(route).keyId()).as("sealed by the router").isEqualTo(TestSeals.ROUTE_KEY_ID);
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
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), built.run().conversationId(),
                    TurnFixtures.json(TestSeals.SNAPSHOT_EVENT_SEALS.sealed(built)),
                    TurnFixtures.headers(built, TurnFixtures.newTraceId()));
            var routed = kafka.await(EventType.ROUTE_SELECTED.topic(), r -> r.value().contains("run-route-lookalike"),
                    1, TIMEOUT);
            RouteSelected route = RunEventJson.fromJson(routed.get(0).value(), RouteSelected.class);
            // Which of the two leads the family is the rankers' call (the second stage reads "status" in
            // the archive's description); that they share one place, each schema whole, is this test's.
            var detail = route.candidates().get(0);
            String head = detail.capability().name();
            String other = head.equals("orders.detail") ? "archive.order" : "orders.detail";
            assertThat(head).isIn("orders.detail", "archive.order");
            assertThat(detail.lookAlikes()).extracting(Capability::name).containsExactly(other);
            assertThat(detail.lookAlikes().get(0).inputSchema()).containsKey("properties");
            assertThat(detail.matchReason()).contains("look-alikes: " + other);
            assertThat(route.candidates()).extracting(c -> c.capability().name()).doesNotContain(other);
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
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), built.run().conversationId(),
                    TurnFixtures.json(TestSeals.SNAPSHOT_EVENT_SEALS.sealed(built)),
                    TurnFixtures.headers(built, TurnFixtures.newTraceId()));
            var found = kafka.awaitExactly(TIMEOUT,
                    KafkaTestClient.exactly(1, EventType.ROUTE_SELECTED.topic(), r -> r.value().contains("run-route-outage")),
                    KafkaTestClient.exactly(0, Topics.deadLetters("router-service"),
                            r -> r.value().contains("run-route-outage")));
            assertThat(found.get(0)).as("routed once").hasSize(1);
            assertThat(found.get(1)).as("not dead-lettered").isEmpty();
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
            // Sealed as events (as if by the snapshot service): what is checked here is the reference they carry.
            for (SnapshotBuilt forged : List.of(otherRun, altered, unknown)) {
                kafka.publish(EventType.SNAPSHOT_BUILT.topic(), "conv-forged",
                        TurnFixtures.json(TestSeals.SNAPSHOT_EVENT_SEALS.sealed(forged)), Map.of());
            }
            var found = kafka.awaitExactly(TIMEOUT,
                    KafkaTestClient.exactly(3, Topics.deadLetters("router-service"), r -> "conv-forged".equals(r.key())),
                    KafkaTestClient.exactly(0, EventType.ROUTE_SELECTED.topic(),
                            r -> r.value().contains("run-route-replayed") || r.value().contains("run-route-unknown")));
            var dead = found.get(0);
            assertThat(dead).extracting(r -> KafkaTestClient.header(r, "dead-letter-reason")).containsExactly(
                    "untrusted snapshot: snapshot seal does not match run, conversation, principal, scope and hash",
                    "untrusted snapshot: the event's index is not the index of the body its hash names",
                    "untrusted snapshot: the snapshot service does not know snapshot " + unknown.snapshot().hash());
            assertThat(found.get(1)).as("nothing routed").isEmpty();
        }
    }

    /**
     * The router seals its routes, so it routes only snapshot events the snapshot service sealed: a
     * genuine reference beside another question, iteration or planner mode, or an event sealed by a
     * key that is not the snapshot service's, is dead-lettered and nothing is routed.
     */
    @Test
    void snapshotEventsTheSnapshotServiceDidNotSealAreDeadLetteredAndNothingIsRouted() {
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(CAPABILITIES));
        SnapshotBuilt genuine = TestSeals.SNAPSHOT_EVENT_SEALS.sealed(
                snapshotBuilt("run-route-event", "Find customer Anna Conti", CAPABILITIES));
        RunContext run = genuine.run();
        Map<String, SnapshotBuilt> forged = new java.util.LinkedHashMap<>();
        forged.put("unsealed", genuine.withSeal(null));
        forged.put("requestioned", new SnapshotBuilt(genuine.schemaVersion(), genuine.eventId(), genuine.occurredAt(), run,
                "Export every customer with their e-mail", genuine.recentTurns(), genuine.currentSelection(),
                genuine.snapshot(), genuine.index(), genuine.priorEvidence(), genuine.plannerMode(), genuine.seal()));
        forged.put("iterated", new SnapshotBuilt(genuine.schemaVersion(), genuine.eventId(), genuine.occurredAt(),
                new RunContext(run.runId(), run.turnId(), 4, run.tenantId(), run.projectId(), run.conversationId(),
                        run.principal()), genuine.question(), genuine.recentTurns(), genuine.currentSelection(),
                genuine.snapshot(), genuine.index(), genuine.priorEvidence(), genuine.plannerMode(), genuine.seal()));
        forged.put("mode-switched", new SnapshotBuilt(genuine.schemaVersion(), genuine.eventId(), genuine.occurredAt(),
                run, genuine.question(), genuine.recentTurns(), genuine.currentSelection(), genuine.snapshot(),
                genuine.index(), genuine.priorEvidence(), "capability", genuine.seal()));
        forged.put("route-key", dev.capplanner.contracts.trust.FactSeals.snapshotEvents(TestSeals.ROUTE_SEALS.keys())
                .sealed(genuine.withSeal(null)));
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            forged.forEach((name, event) -> kafka.publish(EventType.SNAPSHOT_BUILT.topic(), "conv-event-" + name,
                    TurnFixtures.json(event), Map.of()));
            var found = kafka.awaitExactly(TIMEOUT,
                    KafkaTestClient.exactly(forged.size(), Topics.deadLetters("router-service"),
                            r -> r.key() != null && r.key().startsWith("conv-event-")),
                    KafkaTestClient.exactly(0, EventType.ROUTE_SELECTED.topic(), r -> r.value().contains("run-route-event")));
            var dead = found.get(0);
            Map<String, String> reasons = new java.util.HashMap<>();
            dead.forEach(r -> reasons.put(r.key().substring("conv-event-".length()),
                    KafkaTestClient.header(r, "dead-letter-reason")));
            String altered = "untrusted snapshot event: snapshot event seal does not match what the snapshot event says";
            assertThat(reasons).containsOnlyKeys(forged.keySet())
                    .containsEntry("unsealed", "untrusted snapshot event: snapshot event is not sealed")
                    .containsEntry("requestioned", altered).containsEntry("iterated", altered)
                    .containsEntry("mode-switched", altered)
                    .containsEntry("route-key", "untrusted snapshot event: snapshot event seal names an unknown key");
            assertThat(found.get(1)).as("nothing routed").isEmpty();
        }
    }

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @Test
    void routedTurnIsObservedLikeADiscoveryOfferOnTheChatChannel() {
        given().get(metrics).then()
                .body(containsString("capplanner_tool_discovery_seconds_count{channel=\"chat\""));
    }

    @Test
    void discoveryPreviewsOffersForARoutedSnapshotWithoutSchemas() {
        ownSnapshotIs(SNAPSHOT.snapshot().hash());
        asPrincipal()
                .body(Map.of("snapshotHash", SNAPSHOT.snapshot().hash(), "query", "status of order O-5002",
                        "permissionedNames", List.of("orders.detail", "orders.list", "not.in.snapshot"),
                        "limit", 100_000, "channel", "mcp"))
                .post("/discovery/offer").then().statusCode(200)
                .body("candidates[0].name", equalTo("orders.detail"))
                .body("effectiveLimit", equalTo(256))
                .body("authorizedCount", equalTo(2))
                .body("deniedCount", equalTo(1))
                .body(not(containsString("inputSchema")));
        given().get(metrics).then()
                .body(containsString("capplanner_tool_discovery_seconds_count{channel=\"mcp\""));
    }

    @Test
    void discoveryOfASnapshotThisReplicaNeverRoutedFetchesItByHash() {
        List<Capability> customersOnly = CAPABILITIES.subList(0, 2);
        String hash = SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(customersOnly));
        ownSnapshotIs(hash);
        asPrincipal()
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
        asPrincipal().body(principal).post("/discovery/offer").then().statusCode(200)
                .body("candidates[0].name", equalTo("customers.search"))
                .body("authorizedCount", equalTo(2));
        Map<String, Object> wider = new java.util.HashMap<>(principal);
        wider.put("permissionedNames", List.of("customers.search", "orders.detail"));
        asPrincipal().body(wider).post("/discovery/offer").then().statusCode(200)
                .body("candidates.name", org.hamcrest.Matchers.contains("customers.search"))
                .body("authorizedCount", equalTo(1));
        Map<String, Object> both = new java.util.HashMap<>(principal);
        both.put("snapshotHash", hash);
        asPrincipal().body(both).post("/discovery/offer").then().statusCode(400)
                .body("detail", startsWith("give either a principal"));
    }

    @Test
    void discoveryOfAnUnknownSnapshotIs404() {
        asPrincipal().body(Map.of("snapshotHash", "sha256:" + "f".repeat(64), "query", "x"))
                .post("/discovery/offer").then().statusCode(404);
    }

    @Test
    void discoveryOnAnUnknownChannelIs400WithTheReason() {
        asPrincipal()
                .body(Map.of("snapshotHash", SNAPSHOT.snapshot().hash(), "channel", "carrier-pigeon"))
                .post("/discovery/offer").then().statusCode(400)
                .body("detail", startsWith("channel must be one of chat, subagent, crm, ticket, workflow, mcp"));
    }

    @Test
    void theTenantsChannelPoliciesNarrowTheOffer() {
        ownSnapshotIs(SNAPSHOT.snapshot().hash());
        List<String> all = CAPABILITIES.stream().map(Capability::name).toList();
        Map<String, Object> crm = Map.of("snapshotHash", SNAPSHOT.snapshot().hash(), "query", "customer orders",
                "permissionedNames", all, "channel", "crm");
        // application.properties (test profile): acme's crm channel may use customers.search only.
        asPrincipal().body(crm).post("/discovery/offer").then().statusCode(200)
                .body("candidates.name", org.hamcrest.Matchers.contains("customers.search"));
        Map<String, Object> ticket = new java.util.HashMap<>(crm);
        ticket.put("channel", "ticket");
        asPrincipal().body(ticket).post("/discovery/offer").then().statusCode(200)
                .body("candidates", org.hamcrest.Matchers.empty()).body("authorizedCount", equalTo(0));
        Map<String, Object> subagent = new java.util.HashMap<>(crm);
        subagent.put("channel", "subagent");
        subagent.put("childAllowlist", List.of("orders.list", "customers.detail"));
        asPrincipal().body(subagent).post("/discovery/offer").then().statusCode(200)
                .body("candidates.name", org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.in(
                        List.of("orders.list", "customers.detail"))))
                .body("authorizedCount", equalTo(2));
        Map<String, Object> workflow = new java.util.HashMap<>(crm);
        workflow.put("channel", "workflow");
        asPrincipal().body(workflow).post("/discovery/offer").then().statusCode(200)
                .body("strategy", equalTo("none"))
                .body("candidates.name", org.hamcrest.Matchers.contains(all.stream().sorted().toArray()));
        asPrincipal().body(Map.of("snapshotHash", SNAPSHOT.snapshot().hash(),
                        "channel", "chat", "childAllowlist", List.of("orders.list")))
                .post("/discovery/offer").then().statusCode(400)
                .body("detail", equalTo("childAllowlist is for the subagent channel"));
    }

    @Test
    void theDiscoveryApiIsDocumentedOnTheApiPortWithItsBearerScheme() {
        given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey("/discovery/offer"))
                .body("components.securitySchemes.SecurityScheme.scheme", equalTo("bearer"));
    }

    /**
     * The discovery offer runs as the principal a verified token asserts: without one, with a forged
     * one, or naming a tenant, project or roles other than the token's, it offers nothing (401, the
     * check named); another tenant's snapshot is "not found" to it.
     */
    @Test
    void discoveryOffersNothingWithoutAVerifiedPrincipalAndNeverAnotherTenantsTools() {
        String acmeHash = SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(CAPABILITIES.subList(0, 2)));
        SnapshotServiceTestResource.audience(TurnFixtures.TENANT, TurnFixtures.PROJECT, List.of("support-agent"), acmeHash);
        Map<String, Object> asked = Map.of("query", "find customer Anna Conti");
        given().contentType("application/json").body(asked).post("/discovery/offer").then().statusCode(401)
                .header("WWW-Authenticate", "Bearer").body("detail", equalTo("not authenticated: no principal token"));
        given().contentType("application/json").header("Authorization", "Bearer not-a-token").body(asked)
                .post("/discovery/offer").then().statusCode(401)
                .body("detail", equalTo("not authenticated: token is not a signed JWT"));
        RunContext attacker = new RunContext("r", "t", 0, "acme", TurnFixtures.PROJECT, "c",
                new dev.capplanner.contracts.events.Principal("u-17", List.of("support-agent")));
        String forged = dev.capplanner.contracts.PrincipalHeader.valueOf(new dev.capplanner.contracts.principal
                .PrincipalTokenSigner(dev.capplanner.testing.events.TestPrincipals.ISSUER, "capplanner",
                dev.capplanner.contracts.principal.PrincipalTokenSigner.newKeyPair().getPrivate(),
                java.time.Clock.systemUTC(), java.time.Duration.ofMinutes(5)).sign(attacker));
        given().contentType("application/json").header("Authorization", forged).body(asked).post("/discovery/offer")
                .then().statusCode(401).body("detail", equalTo("not authenticated: token signature does not verify"));
        for (Map.Entry<String, Object> widened : Map.<String, Object>of("tenantId", "globex", "projectId", "billing",
                "roles", List.of("support-agent", "admin")).entrySet()) {
            Map<String, Object> body = new java.util.HashMap<>(asked);
            body.put(widened.getKey(), widened.getValue());
            asPrincipal().body(body).post("/discovery/offer").then().statusCode(401)
                    .body("detail", containsString("not the token's"));
        }
        String globexHash = SnapshotServiceTestResource.register(CanonicalJson.bytes(Map.of("tenantId", "globex",
                "projectId", TurnFixtures.PROJECT, "capabilities", CAPABILITIES)));
        asPrincipal().body(Map.of("snapshotHash", globexHash, "query", "orders")).post("/discovery/offer").then()
                .statusCode(404).body(not(containsString("orders."))).body(not(containsString("customers.")))
                .body("detail", equalTo("no snapshot " + globexHash));
        // Worded alike: whether another tenant's snapshot exists is not the caller's to learn.
        String unknownHash = "sha256:" + "e".repeat(64);
        asPrincipal().body(Map.of("snapshotHash", unknownHash, "query", "orders")).post("/discovery/offer").then()
                .statusCode(404).body("detail", equalTo("no snapshot " + unknownHash));

        // A hash of a wider role set's snapshot widens nothing: only what the principal's own snapshot holds.
        ownSnapshotIs(acmeHash);
        List<String> all = CAPABILITIES.stream().map(Capability::name).toList();
        asPrincipal().body(Map.of("snapshotHash", SNAPSHOT.snapshot().hash(), "query", "orders of a customer",
                        "permissionedNames", all)).post("/discovery/offer").then().statusCode(200)
                .body("candidates.name", org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.in(
                        List.of("customers.search", "customers.detail"))))
                .body("authorizedCount", equalTo(2));
    }

    /**
     * The MCP face's listing: the principal's own current snapshot with definitions (bound inputs left
     * out), the whole permitted catalog without a query, a ranked offer with one, the tenant's MCP
     * policy on both and on the names a call resolves; nothing without a verified principal.
     */
    @Test
    void theMcpListingCarriesDefinitionsOfWhatThePrincipalMayCallThroughTheChannel() {
        ownSnapshotIs(SNAPSHOT.snapshot().hash());
        // application.properties (test profile): acme's mcp channel may not use customers.detail.
        asPrincipal().body(Map.of()).post("/discovery/tools").then().statusCode(200)
                .body("tools.name", org.hamcrest.Matchers.containsInAnyOrder("customers.search", "orders.detail",
                        "orders.list"))
                .body("tools.find { it.name == 'orders.detail' }.mcpName", equalTo("orders.detail"))
                .body("tools.find { it.name == 'orders.detail' }.inputSchema.required",
                        org.hamcrest.Matchers.contains("orderId"))
                .body("tools.find { it.name == 'orders.detail' }.score", org.hamcrest.Matchers.nullValue())
                .body("authorizedCount", equalTo(3));
        asPrincipal().body(Map.of("query", "status of order O-5002", "limit", 2)).post("/discovery/tools").then()
                .statusCode(200)
                .body("tools[0].name", equalTo("orders.detail"))
                .body("tools[0].inputSchema.properties", org.hamcrest.Matchers.hasKey("orderId"))
                .body("tools[0].matchReason", org.hamcrest.Matchers.notNullValue())
                .body("tools.size()", equalTo(2));
        asPrincipal().body(Map.of("mcpNames", List.of("orders.list", "customers.detail", "api:evil/drop")))
                .post("/discovery/tools").then().statusCode(200)
                .body("tools.name", org.hamcrest.Matchers.contains("orders.list"));
        asPrincipal().body(Map.of("mcpNames", java.util.stream.IntStream.range(0, 17).mapToObj(i -> "n" + i).toList()))
                .post("/discovery/tools").then().statusCode(400);
        given().contentType("application/json").body(Map.of()).post("/discovery/tools").then().statusCode(401);
    }

    /** What the snapshot service names as the test principal's (acme, support-desk, support-agent) current snapshot. */
    private static void ownSnapshotIs(String hash) {
        SnapshotServiceTestResource.audience(TurnFixtures.TENANT, TurnFixtures.PROJECT, List.of("support-agent"), hash);
    }

    /** A request as the demo chat backend's user u-17 of acme (support-agent) sends it: with its principal token. */
    private static io.restassured.specification.RequestSpecification asPrincipal() {
        return given().contentType("application/json").header("Authorization",
                dev.capplanner.testing.events.TestPrincipals.headerFor(TurnFixtures.run("discovery")));
    }
}
