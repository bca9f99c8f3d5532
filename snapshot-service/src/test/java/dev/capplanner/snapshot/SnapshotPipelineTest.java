package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.PriorEvidence;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** turn requested in, sealed snapshot built out and stored by hash, against a real Kafka broker and PostgreSQL. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class SnapshotPipelineTest {

    static final String DLQ = Topics.deadLetters("snapshot-service");
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    KafkaTestClient kafka;

    @BeforeEach
    void connect() {
        kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers());
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    @Test
    void turnBecomesASnapshotKeyedByConversationWithCloudEventHeadersInTheSameTrace() {
        TurnRequested first = TurnFixtures.turn("run-snap-1", "Show the orders for Riccardo Lorini");
        // A backend's own admission time is not taken: the turn's clock starts at this service.
        TurnRequested turn = new TurnRequested(first.schemaVersion(), first.eventId(), first.occurredAt(),
                first.run().admitted(java.time.Instant.parse("2020-01-01T00:00:00Z")),
                first.question(), List.of(), null, List.of(new PriorEvidence("customers.search", 2)));
        java.time.Instant published = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        String traceId = TurnFixtures.newTraceId();
        // Logs and traces are joined by the trace id each log line carries (its MDC, "mdc" in JSON lines).
        java.util.Map<String, String> loggedTraceIds = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.logging.Handler traceIds = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record instanceof org.jboss.logmanager.ExtLogRecord ext && ext.getMessage() != null
                        && ext.getFormattedMessage().startsWith("snapshot_built runId=run-snap-1 ")
                        && ext.getMdc("traceId") != null) {
                    loggedTraceIds.put("snapshot_built", ext.getMdc("traceId"));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger stageLog = java.util.logging.Logger.getLogger(
                dev.capplanner.snapshot.stage.SnapshotStage.class.getName());
        stageLog.addHandler(traceIds);
        kafka.publish(EventType.TURN_REQUESTED.topic(), turn.run().conversationId(), TurnFixtures.json(turn),
                TurnFixtures.headers(turn, traceId));

        ConsumerRecord<String, String> out = awaitSnapshotOf("run-snap-1");
        stageLog.removeHandler(traceIds);
        assertThat(loggedTraceIds).as("the log line names the turn's trace").containsEntry("snapshot_built", traceId);
        SnapshotBuilt built = RunEventJson.fromJson(out.value(), SnapshotBuilt.class);
        assertThat(out.key()).isEqualTo(turn.run().conversationId());
        assertThat(built.run().admittedAt()).isBetween(published, java.time.Instant.now());
        assertThat(built.run()).isEqualTo(turn.run().admitted(built.run().admittedAt()));
        assertThat(built.question()).isEqualTo(turn.question());
        assertThat(built.priorEvidence()).as("the router ranks with it").isEqualTo(turn.priorEvidence());
        assertThat(built.snapshot().capabilityCount()).isEqualTo(4);
        assertThat(TestSeals.SEALS.verify(built.run(), built.snapshot()).valid()).as("sealed for this run").isTrue();
        byte[] stored = io.restassured.RestAssured.given().header("Authorization", TestServiceKeys.bearer("planner-service")).get("/snapshots/" + built.snapshot().hash()).then()
                .statusCode(200).contentType("application/json").extract().asByteArray();
        assertThat(CanonicalJson.sha256(stored)).as("served by content address").isEqualTo(built.snapshot().hash());
        assertThat(stored.length).isEqualTo(built.snapshot().sizeBytes());
        SnapshotBody body = new VerifiedSnapshots(TestSeals.SEALS,
                hash -> CompletableFuture.completedFuture(Optional.of(stored)), 1)
                .forRun(built.run(), built.snapshot()).toCompletableFuture().join();
        assertThat(body.capabilities()).hasSize(4).allMatch(c -> c.readOnly());
        assertThat(built.index()).as("the event's index is the stored body's, without schemas")
                .isEqualTo(body.index());
        assertThat(out.value()).doesNotContain("inputSchema");
        assertThat(KafkaTestClient.header(out, CloudEventHeaders.TYPE)).isEqualTo("dev.capplanner.snapshot.built.v1");
        assertThat(KafkaTestClient.header(out, CloudEventHeaders.SPEC_VERSION)).isEqualTo("1.0");
        assertThat(KafkaTestClient.header(out, CloudEventHeaders.ID)).isEqualTo(built.eventId());
        assertThat(KafkaTestClient.header(out, CloudEventHeaders.SUBJECT)).isEqualTo("run-snap-1");
        assertThat(KafkaTestClient.header(out, CloudEventHeaders.SOURCE)).isEqualTo("urn:capplanner:snapshot-service");
        assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(out, "traceparent"))).isEqualTo(traceId);
    }

    @Test
    void aCommandTheTenantTrustsGoesOnToRoutingAndAnyOtherIsDroppedWhileTheTurnRuns() {
        // The test profile trusts /all for tenant acme (snapshot.trusted-commands.acme=/all).
        publishWithCommand("run-snap-cmd-all", "/all");
        publishWithCommand("run-snap-cmd-purge", "/purge");
        publishWithCommand("run-snap-cmd-none", null);
        var found = kafka.awaitExactly(TIMEOUT, snapshotOf("run-snap-cmd-all"), snapshotOf("run-snap-cmd-purge"),
                snapshotOf("run-snap-cmd-none"));

        assertThat(commandSealedIn(found.get(0))).isEqualTo("/all");
        assertThat(commandSealedIn(found.get(1))).as("a command acme does not trust").isNull();
        assertThat(commandSealedIn(found.get(2))).isNull();
    }

    private void publishWithCommand(String runId, String command) {
        TurnRequested plain = TurnFixtures.turn(runId, "Show the orders of every Riccardo Lorini");
        TurnRequested turn = new TurnRequested(plain.schemaVersion(), plain.eventId(), plain.occurredAt(), plain.run(),
                plain.question(), List.of(), null, List.of(), command);
        kafka.publish(EventType.TURN_REQUESTED.topic(), turn.run().conversationId(), TurnFixtures.json(turn),
                TurnFixtures.headers(turn, TurnFixtures.newTraceId()));
    }

    private static String commandSealedIn(List<ConsumerRecord<String, String>> snapshots) {
        assertThat(snapshots).as("exactly one snapshot built").hasSize(1);
        SnapshotBuilt built = RunEventJson.fromJson(snapshots.get(0).value(), SnapshotBuilt.class);
        assertThat(TestSeals.SNAPSHOT_EVENT_SEALS.verify(built).valid()).as("the command is sealed with the rest")
                .isTrue();
        return built.command();
    }

    @Test
    void poisonRecordsAreDeadLetteredWithTheirReasonAndLaterTurnsStillFlow() {
        kafka.publish(EventType.TURN_REQUESTED.topic(), "conv-poison", "{not json", Map.of());
        var wrongVersion = TurnFixtures.json(TurnFixtures.turn("run-v9", "q")).replace("\"v1\"", "\"v9\"");
        kafka.publish(EventType.TURN_REQUESTED.topic(), "conv-poison", wrongVersion, Map.of());
        var missingTenant = TurnFixtures.json(TurnFixtures.turn("run-bad", "q")).replace("\"tenantId\":\"acme\",", "");
        kafka.publish(EventType.TURN_REQUESTED.topic(), "conv-poison", missingTenant, Map.of());
        TurnRequested later = TurnFixtures.turn("run-snap-after-poison", "List orders of C-1001");
        kafka.publish(EventType.TURN_REQUESTED.topic(), "conv-poison", TurnFixtures.json(later),
                TurnFixtures.headers(later, TurnFixtures.newTraceId()));

        var found = kafka.awaitExactly(TIMEOUT, KafkaTestClient.exactly(3, DLQ, r -> "conv-poison".equals(r.key())),
                snapshotOf("run-snap-after-poison"));
        var dead = found.get(0);
        assertThat(dead).extracting(r -> KafkaTestClient.header(r, "dead-letter-reason"))
                .containsExactly("invalid JSON: not a JSON object",
                        "unknown schema version: v9 (this consumer reads v1)",
                        "schema violation against turn-requested.json: /run: Instance does not have required property \"tenantId\"");
        assertThat(dead.get(0).value()).isEqualTo("{not json");
        assertThat(found.get(1)).as("exactly one snapshot built for the later turn").hasSize(1);
    }

    /**
     * A turn whose principal does not verify builds no snapshot: its record is dead-lettered with the
     * check it failed (never the token), and its chat backend hears "unauthenticated" on its conversation.
     */
    @Test
    void aTurnWhosePrincipalDoesNotVerifyBuildsNothingIsDeadLetteredAndItsBackendHearsBack() {
        TurnRequested unsigned = TurnFixtures.turn("run-snap-unsigned", "Show the orders for Riccardo Lorini");
        Map<String, String> noToken = new java.util.LinkedHashMap<>(TurnFixtures.headers(unsigned, TurnFixtures.newTraceId()));
        noToken.remove(PrincipalHeader.NAME);
        kafka.publish(EventType.TURN_REQUESTED.topic(), unsigned.run().conversationId(), TurnFixtures.json(unsigned), noToken);

        TurnRequested otherTenant = TurnFixtures.turn("run-snap-other-tenant", "Show the orders for Riccardo Lorini");
        Map<String, String> acmeToken = TurnFixtures.headers(otherTenant, TurnFixtures.newTraceId());
        RunContext claimed = otherTenant.run();
        TurnRequested asGlobex = new TurnRequested(otherTenant.schemaVersion(), otherTenant.eventId(),
                otherTenant.occurredAt(), new RunContext(claimed.runId(), claimed.turnId(), claimed.iteration(), "globex",
                claimed.projectId(), claimed.conversationId(), claimed.principal()), otherTenant.question(), List.of(), null);
        kafka.publish(EventType.TURN_REQUESTED.topic(), claimed.conversationId(), TurnFixtures.json(asGlobex), acmeToken);

        List<TurnRequested> refusedTurns = List.of(unsigned, asGlobex);
        List<KafkaTestClient.Expected> expected = new java.util.ArrayList<>();
        for (TurnRequested refused : refusedTurns) {
            String runMarker = "\"runId\":\"" + refused.run().runId() + "\"";
            expected.add(KafkaTestClient.exactly(1, DLQ, r -> r.value().contains(runMarker)));
            expected.add(KafkaTestClient.exactly(1, EventType.TURN_COMPLETED.topic(), r -> r.value().contains(runMarker)));
            expected.add(KafkaTestClient.exactly(0, EventType.SNAPSHOT_BUILT.topic(), r -> r.value().contains(runMarker)));
        }
        var found = kafka.awaitExactly(TIMEOUT, expected.toArray(KafkaTestClient.Expected[]::new));

        assertThat(deadLetterReasonOf(found.get(0))).isEqualTo("turn not authenticated: no principal token");
        assertThat(deadLetterReasonOf(found.get(3))).isEqualTo("turn not authenticated: the request's tenant is not the token's");
        for (int i = 0; i < refusedTurns.size(); i++) {
            TurnRequested refused = refusedTurns.get(i);
            var completions = found.get(3 * i + 1);
            assertThat(completions).hasSize(1);
            assertThat(completions.get(0).key()).isEqualTo(refused.run().conversationId());
            TurnCompleted completed = RunEventJson.fromJson(completions.get(0).value(), TurnCompleted.class);
            assertThat(completed.outcome()).isEqualTo(TurnCompleted.UNAUTHENTICATED);
            assertThat(completed.evidence()).isEmpty();
            assertThat(completed.run().admittedAt()).as("admitted, though not authenticated").isNotNull();
            assertThat(found.get(3 * i + 2)).as("no snapshot was built for " + refused.run().runId()).isEmpty();
        }
        io.restassured.RestAssured.given().baseUri(management.toString()).get("metrics").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString(
                        "capplanner_turn_duration_seconds_count{outcome=\"unauthenticated\"}"))
                .body(org.hamcrest.Matchers.containsString(
                        "capplanner_dead_letters_total{cause=\"unauthenticated\",event=\"dev.capplanner.turn.requested.v1\"}"));
    }

    private static String deadLetterReasonOf(List<ConsumerRecord<String, String>> dead) {
        assertThat(dead).hasSize(1);
        String reason = KafkaTestClient.header(dead.get(0), "dead-letter-reason");
        assertThat(reason).doesNotContain("eyJ");
        assertThat(dead.get(0).headers().headers(PrincipalHeader.NAME)).as("the dead letter keeps no token").isEmpty();
        return reason;
    }

    /** The management interface's root, {@code /q} on its own port. */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    @Test
    void healthAndPrometheusMetricsAreServedOnTheManagementPortAndNowhereElse() {
        io.restassured.RestAssured.given().baseUri(management.toString()).get("health/live").then().statusCode(200);
        io.restassured.RestAssured.given().baseUri(management.toString()).get("health/started").then().statusCode(200);
        io.restassured.RestAssured.given().baseUri(management.toString()).get("health/ready").then().statusCode(200)
                .body("checks.name", org.hamcrest.Matchers.hasItem("SmallRye Reactive Messaging - readiness check"));
        io.restassured.RestAssured.given().baseUri(management.toString()).get("metrics").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("jvm_memory_used_bytes"));
        io.restassured.RestAssured.given().get("/q/health/ready").then().statusCode(404); // not on the API port
        io.restassured.RestAssured.given().get("/q/metrics").then().statusCode(404);
        // The management port serves nothing but management.
        URI port = URI.create(management.toString());
        io.restassured.RestAssured.given().get(port.resolve("/snapshots/sha256:" + "a".repeat(64))).then().statusCode(404);
        io.restassured.RestAssured.given().get(port.resolve("/admin/connections")).then().statusCode(404);
        io.restassured.RestAssured.given().get(port.resolve("/q/openapi")).then().statusCode(404);
    }

    private static KafkaTestClient.Expected snapshotOf(String runId) {
        return KafkaTestClient.exactly(1, EventType.SNAPSHOT_BUILT.topic(),
                r -> r.value().contains("\"runId\":\"" + runId + "\""));
    }

    private ConsumerRecord<String, String> awaitSnapshotOf(String runId) {
        var found = kafka.awaitExactly(EventType.SNAPSHOT_BUILT.topic(),
                r -> r.value().contains("\"runId\":\"" + runId + "\""), 1, TIMEOUT);
        assertThat(found).as("exactly one snapshot built for " + runId).hasSize(1);
        return found.get(0);
    }
}
