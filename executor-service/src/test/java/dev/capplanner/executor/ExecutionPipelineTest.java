package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Continuation;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestPrincipals;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * plan proposed in; actions executed and turn completed out, on a real broker, calling a loopback
 * target; the snapshot comes by hash from (a stand-in of) the snapshot service, which also decides
 * each call live. Forged and altered plans are dead-lettered before any call.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(DemoTargetTestResource.class)
@QuarkusTestResource(SnapshotServiceTestResource.class)
@QuarkusTestResource(ReferenceMcpServerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class ExecutionPipelineTest {

    static final String DLQ = Topics.deadLetters("executor-service");
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final List<Capability> DEMO = CapabilityFixtures.demo();

    @BeforeAll
    static void registerTheDemoSnapshot() {
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(DEMO));
        for (String tool : List.of("orders.detail", "customers.search", "orders.list", "customers.detail")) {
            SnapshotServiceTestResource.allow(TurnFixtures.TENANT, "u-17", tool);
        }
    }

    @Test
    void theArtifactApiIsDocumentedOnTheApiPortWithItsBearerScheme() {
        io.restassured.RestAssured.given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey("/artifacts/{handle}"))
                .body("components.securitySchemes.SecurityScheme.scheme", org.hamcrest.Matchers.equalTo("bearer"));
    }

    @Test
    void aPlannedMcpToolIsCalledOnItsServerAndTheTurnCompletesWithItsEvidence() {
        Assumptions.assumeTrue(ReferenceMcpServerTestResource.running(),
                "SKIPPED LOUDLY: the MCP reference server is not installed here");
        Capability weather = new Capability("get-structured-content", "mcp", "mcp:everything/weather", "weather",
                "detail", "Weather for a city, as structured content.", List.of(), true,
                Endpoint.mcpTool(ReferenceMcpServerTestResource.TARGET, "get-structured-content"),
                Map.of("type", "object", "required", List.of("location"), "additionalProperties", false,
                        "properties", Map.of("location", Map.of("type", "string"))), null);
        List<Capability> snapshot = new java.util.ArrayList<>(DEMO);
        snapshot.add(weather);
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(snapshot));
        SnapshotServiceTestResource.allow(TurnFixtures.TENANT, "u-17", weather.name());
        RunContext run = TurnFixtures.run("run-exec-mcp");
        PlanProposed plan = sealed(new PlanProposed("v1", "e-run-exec-mcp", Instant.now(), run, "capability",
                CapabilityFixtures.snapshotRef(run, snapshot), Plan.actions("capability", List.of(
                        new PlannedAction("a1", weather.name(), Map.of("location", "Chicago"), List.of()))), null, null));

        TurnCompleted completed = completionOf(publish(plan));

        assertThat(completed.outcome()).isEqualTo("answered");
        assertThat(completed.summary()).isEqualTo("answered: get-structured-content returned 1 record(s)");
        assertThat(SnapshotServiceTestResource.QUESTIONS).contains("acme u-17 get-structured-content");
    }

    @Test
    void plannedReadIsCalledAndTheTurnCompletesWithEvidenceInTheSameTrace() {
        String traceId = TurnFixtures.newTraceId();
        PlanProposed plan = publish(plan(TurnFixtures.run("run-exec-1"), "orders.detail"), traceId);
        TurnCompleted completed = completionOf(plan);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            var record = kafka.await(EventType.TURN_COMPLETED.topic(),
                    r -> r.value().contains("\"runId\":\"run-exec-1\""), 1, TIMEOUT).get(0);
            assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(record, "traceparent"))).isEqualTo(traceId);
        }
        assertThat(completed.outcome()).isEqualTo("answered");
        assertThat(completed.evidence()).singleElement().satisfies(e -> assertThat(e.identifiers()).containsExactly("O-5002"));
        assertThat(DemoTargetTestResource.REQUESTS).contains("GET /orders/O-5002");
        assertThat(SnapshotServiceTestResource.QUESTIONS).contains("acme u-17 orders.detail");
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            String observed = kafka.await(EventType.ACTIONS_EXECUTED.topic(),
                    r -> r.value().contains("\"runId\":\"run-exec-1\""), 1, TIMEOUT).get(0).value();
            assertThat(observed).contains("\"externalCalls\":{\"plannedBy\":\"classic\",\"sent\":1,\"denied\":0}");
        }
        // The call's span belongs to the turn's trace.
        SpanData call = awaitSpan(span -> span.getName().equals("tool_call GET") && span.getTraceId().equals(traceId));
        assertThat(call.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(call.getAttributes().get(AttributeKey.stringKey("capplanner.tool"))).isEqualTo("orders.detail");
        assertThat(call.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(200L);
        assertThat(call.getAttributes().asMap().values()).as("no argument value on the span").doesNotContain("O-5002");
    }

    @Test
    void aPlanWithAContinuationCompletesNoTurnAndGoesBackToThePlannerWithWhatItFound() {
        PlanProposed first = plan(TurnFixtures.run("run-exec-continues"), "orders.detail");
        Continuation continuation = new Continuation("Who placed order O-5002?", List.of(), null, List.of(), List.of(), 3);
        PlanProposed continuing = sealed(new PlanProposed(first.schemaVersion(), first.eventId(), first.occurredAt(),
                first.run(), first.mode(), first.snapshot(), first.plan(), null, null, continuation));
        publish(continuing);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            String runMarker = "\"runId\":\"run-exec-continues\"";
            var found = kafka.awaitExactly(TIMEOUT,
                    KafkaTestClient.exactly(1, EventType.ACTIONS_EXECUTED.topic(), r -> r.value().contains(runMarker)),
                    KafkaTestClient.exactly(0, EventType.TURN_COMPLETED.topic(), r -> r.value().contains(runMarker)));
            var observations = found.get(0);
            assertThat(observations).hasSize(1);
            ActionsExecuted observed = RunEventJson.fromJson(observations.get(0).value(), ActionsExecuted.class);
            assertThat(observed.continuing()).isEqualTo(continuing);
            assertThat(TestSeals.PLAN_SEALS.verify(observed.continuing()).valid()).isTrue();
            assertThat(observed.results()).singleElement().satisfies(result ->
                    assertThat(result.observed()).containsEntry("id", List.of("O-5002")));
            assertThat(found.get(1)).as("the turn goes on in the next iteration").isEmpty();
        }
    }

    @Test
    void helpListsTheSnapshotsCapabilitiesAndARefusalNamesItsAlternativeWithoutAnyCall() {
        int requestsBefore = DemoTargetTestResource.REQUESTS.size();
        PlanProposed asked = plan(TurnFixtures.run("run-exec-help"), "orders.detail");
        PlanProposed help = sealed(new PlanProposed("v1", "e-run-exec-help", Instant.now(), asked.run(), "capability",
                asked.snapshot(), Plan.help("capability", "I can look up live data for you."), null, null));
        TurnCompleted helped = completionOf(publish(help));
        assertThat(helped.outcome()).isEqualTo("help");
        assertThat(helped.summary()).isEqualTo("I can look up live data for you.");
        assertThat(helped.capabilities()).extracting(c -> c.name()).containsExactlyInAnyOrderElementsOf(
                DEMO.stream().map(c -> c.name()).toList());
        PlanProposed declined = plan(TurnFixtures.run("run-exec-refused"), "orders.detail");
        PlanProposed refused = sealed(new PlanProposed("v1", "e-run-exec-refused", Instant.now(), declined.run(),
                "capability", declined.snapshot(), Plan.refused("capability",
                        "This assistant only reads data: it cannot cancel anything for you.", "orders.detail"), null, null));
        TurnCompleted answer = completionOf(publish(refused));
        assertThat(answer.outcome()).isEqualTo("refused");
        assertThat(answer.alternative()).isEqualTo("orders.detail");
        assertThat(answer.evidence()).isEmpty();
        assertThat(DemoTargetTestResource.REQUESTS).as("neither called anything").hasSize(requestsBefore);
    }

    @Inject
    InMemorySpanExporter spans;
    @Inject
    dev.capplanner.executor.stage.ExecutionStageWarmUp warmUp;
    @Inject
    io.vertx.mutiny.sqlclient.Pool database;

    @Test
    void theStartUpWarmUpRunsTheSamplePlanWithoutCallingATargetOrWritingARow() throws Exception {
        int requests = DemoTargetTestResource.REQUESTS.size();
        long calls = rows("executor_call");
        long artifacts = rows("executor_artifact");
        warmUp.pass();
        assertThat(DemoTargetTestResource.REQUESTS).hasSize(requests);
        assertThat(rows("executor_call")).isEqualTo(calls);
        assertThat(rows("executor_artifact")).isEqualTo(artifacts);
    }

    private long rows(String table) {
        return database.query("select count(*) from " + table).execute().await().atMost(TIMEOUT)
                .iterator().next().getLong(0);
    }

    private SpanData awaitSpan(java.util.function.Predicate<SpanData> wanted) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            java.util.Optional<SpanData> found = spans.getFinishedSpanItems().stream().filter(wanted).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no such span within " + TIMEOUT + ": " + spans.getFinishedSpanItems().stream()
                .map(SpanData::getName).toList());
    }

    @Test
    void aRedeliveredPlanDoesNotRepeatItsCallsAndCompletesAlike() {
        long before = DemoTargetTestResource.REQUESTS.stream().filter("GET /orders/O-5002"::equals).count();
        PlanProposed plan = plan(TurnFixtures.run("run-exec-redelivered"), "orders.detail");
        publish(plan);
        publish(plan);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            var completions = kafka.awaitExactly(EventType.TURN_COMPLETED.topic(),
                    r -> r.value().contains("\"runId\":\"run-exec-redelivered\""), 2, TIMEOUT);
            assertThat(completions).hasSize(2);
            TurnCompleted first = RunEventJson.fromJson(completions.get(0).value(), TurnCompleted.class);
            TurnCompleted again = RunEventJson.fromJson(completions.get(1).value(), TurnCompleted.class);
            assertThat(again.outcome()).isEqualTo(first.outcome()).isEqualTo("answered");
            assertThat(again.evidence()).isEqualTo(first.evidence());
        }
        assertThat(DemoTargetTestResource.REQUESTS.stream().filter("GET /orders/O-5002"::equals).count())
                .as("the target received the call once").isEqualTo(before + 1);
    }

    @Test
    void aCollectionBecomesASelectableArtifactOnlyItsTenantConversationAndUserCanRead() {
        RunContext run = TurnFixtures.run("run-exec-artifact");
        PlanProposed plan = sealed(new PlanProposed("v1", "e-run-exec-artifact", Instant.now(), run, "shadow",
                CapabilityFixtures.snapshotRef(run, DEMO), Plan.actions("classic", List.of(new PlannedAction("a1",
                        "customers.search", Map.of("name", "Riccardo Lorini"), List.of()))), null, null));
        TurnCompleted completed = completionOf(publish(plan));
        String handle = completed.evidence().get(0).handle();
        assertThat(handle).matches("art_[0-9a-f]{32}");
        assertThat(completed.outcome()).as("a list answers as an artifact, named by its handle").isEqualTo("artifact");
        assertThat(completed.handle()).isEqualTo(handle);
        artifact(handle, "acme", run.conversationId(), "u-17").statusCode(200)
                .body("rowCount", org.hamcrest.Matchers.equalTo(2))
                .body("entity", org.hamcrest.Matchers.equalTo("customer"))
                .body("rows.id", org.hamcrest.Matchers.contains("C-1001", "C-1002"));
        artifact(handle, "globex", run.conversationId(), "u-17").statusCode(404);
        artifact(handle, "acme", "conv-other", "u-17").statusCode(404);
        artifact(handle, "acme", run.conversationId(), "u-18").statusCode(404);
        artifact("art_" + "0".repeat(32), "acme", run.conversationId(), "u-17").statusCode(404);
        io.restassured.RestAssured.given().header("Authorization", TestPrincipals.headerFor(run))
                .get("/artifacts/" + handle).then().statusCode(400);
        io.restassured.RestAssured.given().queryParam("conversationId", run.conversationId())
                .get("/artifacts/" + handle).then().statusCode(401)
                .body("detail", org.hamcrest.Matchers.equalTo("not authenticated: no principal token"));
        io.restassured.RestAssured.given().header("Authorization", TestPrincipals.headerFor(run))
                .queryParam("conversationId", run.conversationId()).queryParam("tenantId", "globex")
                .get("/artifacts/" + handle).then().statusCode(401)
                .body("detail", org.hamcrest.Matchers.containsString("tenant is not the token's"));

        // Kept longer than executor.evidence.artifact-retention (7 days): its owner finds nothing either.
        database.preparedQuery("update executor_artifact set created_at = now() - interval '8 days' where handle = $1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(handle)).await().atMost(TIMEOUT);
        artifact(handle, "acme", run.conversationId(), "u-17").statusCode(404);
    }

    /**
     * Run ids are the caller's word, on every record and often counters: a plan that reuses one under
     * another conversation, user or tenant is another run. Its calls are made for it (never answered
     * from the first run's ledger), and its artifact is its own.
     */
    @Test
    void aRunIdReusedInAnotherConversationByAnotherUserOrTenantIsAnotherRunWithItsOwnCallsAndArtifacts() {
        String runId = "run-exec-reused";
        RunContext first = TurnFixtures.run(runId);
        List<RunContext> reuses = List.of(
                withRun(first, "acme", "conv-someone-else", first.principal()),
                withRun(first, "acme", first.conversationId(), new Principal("u-reuser", List.of("support-agent"))),
                withRun(first, "globex", first.conversationId(), first.principal()));
        SnapshotServiceTestResource.allow("acme", "u-reuser", "customers.search");
        SnapshotServiceTestResource.allow("globex", "u-17", "customers.search");
        long before = DemoTargetTestResource.REQUESTS.stream().filter(r -> r.startsWith("GET /customers?")).count();

        java.util.Map<String, String> handles = new java.util.LinkedHashMap<>();
        for (RunContext run : java.util.stream.Stream.concat(java.util.stream.Stream.of(first), reuses.stream()).toList()) {
            PlanProposed plan = sealed(new PlanProposed("v1", "e-" + run.tenantId() + "-" + run.conversationId() + "-"
                    + run.principal().userId(), Instant.now(), run, "shadow", ownSnapshotRef(run),
                    Plan.actions("classic", List.of(new PlannedAction("a1", "customers.search",
                            Map.of("name", "Riccardo Lorini"), List.of()))), null, null));
            publish(plan);
            TurnCompleted completed = completionOfEvent(plan);
            assertThat(completed.outcome()).isEqualTo("artifact");
            handles.put(run.tenantId() + " " + run.conversationId() + " " + run.principal().userId(), completed.handle());
        }
        assertThat(DemoTargetTestResource.REQUESTS.stream().filter(r -> r.startsWith("GET /customers?")).count())
                .as("every reuse made its own call: none was answered from another run's recorded response")
                .isEqualTo(before + 4);
        assertThat(java.util.Set.copyOf(handles.values())).as("no reuse received another run's artifact handle")
                .hasSize(4);
        String firstHandle = handles.values().iterator().next();
        for (RunContext reuse : reuses) {
            artifact(firstHandle, reuse.tenantId(), reuse.conversationId(), reuse.principal().userId()).statusCode(404);
        }
    }

    /** The artifact as that user of that tenant reads it in that conversation, with the user's principal token. */
    private static io.restassured.response.ValidatableResponse artifact(String handle, String tenant, String conversation,
                                                                        String user) {
        RunContext reader = new RunContext("reader", "reader", 0, tenant, TurnFixtures.PROJECT, conversation,
                new Principal(user, List.of("support-agent")));
        return io.restassured.RestAssured.given().header("Authorization", TestPrincipals.headerFor(reader))
                .queryParam("conversationId", conversation).get("/artifacts/" + handle).then();
    }

    private static RunContext withRun(RunContext run, String tenant, String conversation, Principal principal) {
        return new RunContext(run.runId(), run.turnId(), run.iteration(), tenant, run.projectId(), conversation, principal);
    }

    /** The demo catalog as the snapshot service would cut and seal it for this run, in the run's own tenant. */
    private static SnapshotRef ownSnapshotRef(RunContext run) {
        byte[] body = CanonicalJson.bytes(Map.of("tenantId", run.tenantId(), "projectId", run.projectId(),
                "capabilities", DEMO));
        SnapshotServiceTestResource.register(body);
        String hash = CanonicalJson.sha256(body);
        return new SnapshotRef(hash, body.length, DEMO.size(), run.tenantId(), run.projectId(),
                TestSeals.SEALS.seal(run, hash));
    }

    @Test
    void anOversizedResultTravelsWithinTheBudgetAndWholeOnlyAsTheArtifact() {
        RunContext run = TurnFixtures.run("run-exec-oversized");
        PlanProposed plan = sealed(new PlanProposed("v1", "e-run-exec-oversized", Instant.now(), run, "shadow",
                CapabilityFixtures.snapshotRef(run, DEMO), Plan.actions("classic", List.of(new PlannedAction("a1",
                        "customers.search", Map.of("name", "Rossi"), List.of()))), null, null));
        TurnCompleted completed = completionOf(publish(plan));
        var evidence = completed.evidence().get(0);
        assertThat(evidence.recordCount()).isEqualTo(300);
        assertThat(evidence.truncated()).isTrue();
        assertThat(RunEventJson.toJson(completed).length()).as("the completion stays small").isLessThan(24_000);
        artifact(evidence.handle(), "acme", run.conversationId(), "u-17").statusCode(200)
                .body("rowCount", org.hamcrest.Matchers.equalTo(300)).body("rows.size()", org.hamcrest.Matchers.equalTo(300));
    }

    @Test
    void whileTheSnapshotServiceIsAwayThePlanWaitsAndRunsWhenItReturns() {
        List<Capability> orders = DEMO.stream().filter(c -> c.name().equals("orders.detail")).toList();
        String hash = SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(orders));
        SnapshotServiceTestResource.UNAVAILABLE.put(hash, 2);
        RunContext run = TurnFixtures.run("run-exec-outage");
        PlanProposed plan = sealed(new PlanProposed("v1", "e-run-exec-outage", Instant.now(), run, "shadow",
                CapabilityFixtures.snapshotRef(run, orders), Plan.actions("classic", List.of(new PlannedAction("a1",
                        "orders.detail", Map.of("orderId", "O-5002"), List.of()))), null, null));
        assertThat(completionOf(publish(plan)).outcome()).isEqualTo("answered");
        assertThat(SnapshotServiceTestResource.FETCHES.get(hash)).as("two 503s, then the body").isEqualTo(3);
    }

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @Test
    void aSealedPlanForAToolTheSnapshotLacksIsDeniedWithoutAnyCall() {
        int before = DemoTargetTestResource.REQUESTS.size();
        TurnCompleted completed = completionOf(publish(plan(TurnFixtures.run("run-exec-2"), "orders.cancel")));
        assertThat(completed.outcome()).isEqualTo("denied");
        assertThat(completed.summary()).contains("not in the run's snapshot");
        assertThat(DemoTargetTestResource.REQUESTS).hasSize(before);
        io.restassured.RestAssured.given().get(metrics).then().statusCode(200).body(org.hamcrest.Matchers.containsString(
                "capplanner_executor_denials_total{rule=\"not-in-snapshot\",tool=\"orders.cancel\"}"));
    }

    @Test
    void aGrantRevokedMidRunDeniesTheNextCall() {
        int before = DemoTargetTestResource.REQUESTS.size();
        SnapshotServiceTestResource.revoke(TurnFixtures.TENANT, "u-17", "orders.detail");
        try {
            TurnCompleted completed = completionOf(publish(plan(TurnFixtures.run("run-exec-revoked"), "orders.detail")));
            assertThat(completed.outcome()).isEqualTo("denied");
            assertThat(completed.summary()).contains("registry: missing permission test:read");
            assertThat(DemoTargetTestResource.REQUESTS).hasSize(before);
        } finally {
            SnapshotServiceTestResource.allow(TurnFixtures.TENANT, "u-17", "orders.detail");
        }
    }

    @Test
    void whileTroubleshootingIsOnForTheUserARefusedCallsCheckIsNamedInTheCompletionNeverItsReason() {
        SnapshotServiceTestResource.revoke(TurnFixtures.TENANT, "u-17", "orders.detail");
        try {
            TurnCompleted off = completionOf(publish(plan(TurnFixtures.run("run-exec-diag-off"), "orders.detail")));
            assertThat(off.diagnostics()).as("off by default").isNull();

            SnapshotServiceTestResource.TROUBLESHOOTING.add(TurnFixtures.TENANT + " u-17");
            TurnCompleted on = completionOf(publish(plan(TurnFixtures.run("run-exec-diag-on"), "orders.detail")));
            assertThat(on.outcome()).isEqualTo("denied");
            assertThat(on.diagnostics()).containsExactly(new dev.capplanner.contracts.events.Diagnostic(
                    "orders.detail", "registry-denied", null, null));
            assertThat(dev.capplanner.contracts.json.RunEventJson.toJson(on.diagnostics()))
                    .doesNotContain("test:read").doesNotContain("O-5002");
        } finally {
            SnapshotServiceTestResource.TROUBLESHOOTING.clear();
            SnapshotServiceTestResource.allow(TurnFixtures.TENANT, "u-17", "orders.detail");
        }
    }

    @Test
    void aPlanAlteredAfterTheplannerSealedItOrSealedWithAnotherKeyIsDeadLetteredBeforeAnyCall() {
        int before = DemoTargetTestResource.REQUESTS.size();
        PlanProposed genuine = plan(TurnFixtures.run("run-exec-altered-plan"), "orders.detail");
        PlanProposed altered = new PlanProposed(genuine.schemaVersion(), "e-altered-plan", genuine.occurredAt(),
                genuine.run(), genuine.mode(), genuine.snapshot(),
                Plan.actions("classic", List.of(new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5003"),
                        List.of()))), null, genuine.planSeal());
        PlanProposed bySnapshotKey = genuine.withSeal(new dev.capplanner.contracts.trust.SealKeyRing(TestSeals.KEY_ID,
                Map.of(TestSeals.KEY_ID, TestSeals.SECRET)).seal("anything".getBytes(StandardCharsets.UTF_8)));
        PlanProposed renamed = new PlanProposed(bySnapshotKey.schemaVersion(), "e-snapshot-key", bySnapshotKey.occurredAt(),
                bySnapshotKey.run(), bySnapshotKey.mode(), bySnapshotKey.snapshot(),
                bySnapshotKey.plan(), null, bySnapshotKey.planSeal());
        assertThat(deadLetterReasonsOf(publish(altered), publish(renamed)))
                .as("an altered plan; a plan sealed with the snapshot service's key, which cannot seal plans")
                .containsExactly(
                        "untrusted plan: plan seal does not match run, turn, time, principal, scope, snapshot and actions",
                        "untrusted plan: plan seal names an unknown key");
        assertThat(DemoTargetTestResource.REQUESTS).hasSize(before);
    }

    /** A real plan read off the topic and published again later is refused once its seal is older than allowed. */
    @Test
    void aPlanReplayedAfterItsSealExpiredIsDeadLetteredBeforeAnyCall() {
        int before = DemoTargetTestResource.REQUESTS.size();
        RunContext run = TurnFixtures.run("run-exec-expired");
        PlanProposed stale = sealed(new PlanProposed("v1", "e-run-exec-expired", Instant.now().minus(Duration.ofHours(2)),
                run, "shadow", CapabilityFixtures.snapshotRef(run, DEMO), Plan.actions("classic", List.of(
                        new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of()))), null, null));
        PlanProposed restamped = new PlanProposed(stale.schemaVersion(), "e-run-exec-restamped", Instant.now(),
                stale.run(), stale.mode(), stale.snapshot(), stale.plan(), null, stale.planSeal());
        assertThat(deadLetterReasonsOf(publish(stale), publish(restamped)))
                .as("an expired seal; a replay restamped to look young, which cannot make it young again")
                .containsExactly(
                        "untrusted plan: plan seal expired (sealed more than PT1H ago)",
                        "untrusted plan: plan seal does not match run, turn, time, principal, scope, snapshot and actions");
        assertThat(DemoTargetTestResource.REQUESTS).hasSize(before);
    }

    /**
     * The attack from the executor issue: Kafka write access, a plan for an unknown tenant with no
     * roles (plan events no longer carry grants at all; a "grants" field fails the schema).
     */
    @Test
    void aForgedPlanForAnUnknownTenantIsDeadLetteredBeforeAnyCall() {
        int before = DemoTargetTestResource.REQUESTS.size();
        RunContext attacker = new RunContext("run-forged", "turn-forged", 0, "evil-corp", "support-desk", "conv-forged",
                new Principal("intruder", List.of()));
        byte[] body = CapabilityFixtures.snapshotBody(DEMO);
        String hash = CanonicalJson.sha256(body);
        String forgedSeal = new SnapshotSeals("test-key", Map.of("test-key",
                "an-attacker-guess-at-the-32-byte-key".getBytes(StandardCharsets.UTF_8))).seal(attacker, hash);
        PlanProposed forged = sealed(new PlanProposed("v1", "e-forged", Instant.now(), attacker, "capability",
                new SnapshotRef(hash, body.length, DEMO.size(), "evil-corp", "support-desk", forgedSeal),
                Plan.actions("capability", List.of(new PlannedAction("a1", "customers.search",
                        Map.of("name", "Riccardo Lorini"), List.of()))), null, null));
        assertThat(deadLetterReasonsOf(publish(forged))).containsExactly("untrusted plan: snapshot seal does not match run, conversation, principal, scope and hash");
        assertThat(DemoTargetTestResource.REQUESTS).hasSize(before);
    }

    @Test
    void aRealSealOnAnotherRunOrAnUnknownOrAlteredSnapshotIsDeadLettered() {
        RunContext run = TurnFixtures.run("run-exec-replayed");
        PlanProposed original = plan(run, "orders.detail");
        PlanProposed replayed = sealed(new PlanProposed("v1", "e-replayed", Instant.now(),
                TurnFixtures.run("run-exec-other"), "capability", original.snapshot(), original.plan(), null, null));

        String unknownHash = "sha256:" + "1".repeat(64);
        PlanProposed unknown = withSnapshot(plan(TurnFixtures.run("run-exec-unknown"), "orders.detail"), unknownHash);

        String tamperedHash = "sha256:" + "2".repeat(64);
        SnapshotServiceTestResource.registerTampered(tamperedHash, CapabilityFixtures.snapshotBody(DEMO));
        PlanProposed altered = withSnapshot(plan(TurnFixtures.run("run-exec-altered"), "orders.detail"), tamperedHash);
        assertThat(deadLetterReasonsOf(publish(replayed), publish(unknown), publish(altered))).containsExactly(
                "untrusted plan: snapshot seal does not match run, conversation, principal, scope and hash",
                "untrusted plan: the snapshot service does not know snapshot " + unknownHash,
                "untrusted plan: snapshot body does not match its hash");
    }

    private static PlanProposed plan(RunContext run, String tool) {
        return sealed(new PlanProposed("v1", "e-" + run.runId(), Instant.now(), run, "shadow",
                CapabilityFixtures.snapshotRef(run, DEMO),
                Plan.actions("classic", List.of(new PlannedAction("a1", tool, Map.of("orderId", "O-5002"), List.of()))),
                null, null));
    }

    /** Sealed as the planner seals it. */
    private static PlanProposed sealed(PlanProposed plan) {
        return plan.withSeal(TestSeals.PLAN_SEALS.seal(plan));
    }

    /** The plan naming another hash, correctly sealed for its run: only the body check can catch it. */
    private static PlanProposed withSnapshot(PlanProposed plan, String hash) {
        SnapshotRef ref = plan.snapshot();
        return sealed(new PlanProposed(plan.schemaVersion(), plan.eventId(), plan.occurredAt(), plan.run(), plan.mode(),
                new SnapshotRef(hash, ref.sizeBytes(), ref.capabilityCount(), ref.tenantId(), ref.projectId(),
                        TestSeals.SEALS.seal(plan.run(), hash)), plan.plan(), plan.fallbackReason(), null));
    }

    private static PlanProposed publish(PlanProposed plan) {
        return publish(plan, TurnFixtures.newTraceId());
    }

    private static PlanProposed publish(PlanProposed plan, String traceId) {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.PLAN_PROPOSED.topic(), plan.run().conversationId(), TurnFixtures.json(plan),
                    TurnFixtures.headers(plan, traceId));
        }
        return plan;
    }

    /** The reason each plan event was dead-lettered with, in order: exactly one dead letter each, read together. */
    private static List<String> deadLetterReasonsOf(PlanProposed... plans) {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            var found = kafka.awaitExactly(TIMEOUT, java.util.Arrays.stream(plans)
                    .map(plan -> KafkaTestClient.exactly(1, DLQ,
                            r -> r.value().contains("\"eventId\":\"" + plan.eventId() + "\"")))
                    .toArray(KafkaTestClient.Expected[]::new));
            List<String> reasons = new java.util.ArrayList<>();
            for (List<ConsumerRecord<String, String>> dead : found) {
                assertThat(dead).hasSize(1);
                reasons.add(KafkaTestClient.header(dead.get(0), "dead-letter-reason"));
            }
            return reasons;
        }
    }

    /** The completion of this very plan event (runs that share a run id are told apart by their conversation). */
    private static TurnCompleted completionOfEvent(PlanProposed plan) {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            String runMarker = "\"runId\":\"" + plan.run().runId() + "\"";
            var completions = kafka.await(EventType.TURN_COMPLETED.topic(), r -> r.value().contains(runMarker)
                    && plan.run().conversationId().equals(r.key()) && r.value().contains("\"tenantId\":\""
                    + plan.run().tenantId() + "\"") && r.value().contains("\"userId\":\""
                    + plan.run().principal().userId() + "\""), 1, TIMEOUT);
            assertThat(completions).hasSize(1);
            return RunEventJson.fromJson(completions.get(0).value(), TurnCompleted.class);
        }
    }

    private static TurnCompleted completionOf(PlanProposed plan) {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            String runMarker = "\"runId\":\"" + plan.run().runId() + "\"";
            var found = kafka.awaitExactly(TIMEOUT,
                    KafkaTestClient.exactly(1, EventType.ACTIONS_EXECUTED.topic(), r -> r.value().contains(runMarker)),
                    KafkaTestClient.exactly(1, EventType.TURN_COMPLETED.topic(), r -> r.value().contains(runMarker)));
            var observations = found.get(0);
            assertThat(observations).hasSize(1);
            ActionsExecuted observed = RunEventJson.fromJson(observations.get(0).value(), ActionsExecuted.class);
            assertThat(observed.results()).hasSize(plan.plan().actions().size());
            var completions = found.get(1);
            assertThat(completions).hasSize(1);
            assertThat(completions.get(0).key()).isEqualTo(plan.run().conversationId());
            return RunEventJson.fromJson(completions.get(0).value(), TurnCompleted.class);
        }
    }
}
