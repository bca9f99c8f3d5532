package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.count;
import static dev.capplanner.reports.ReportTestSupport.database;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.ExternalCalls;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Comparisons and call counts written by anyone but their producer, over a real broker and database:
 * each would help the promotion gate pass for a tenant that never ran a turn. Every one is
 * dead-lettered with a reason that names the failed check (never the seal), nothing of it is stored,
 * and the gate counts nothing for that tenant; genuine facts of the same shape, sealed by the planner's
 * and the executor's keys, are stored and counted (so the test would fail if the checks let all through).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SealedFactsTest {

    static final String FORGER = "forger";
    static final String CONTROL = "sealed-control";
    static final String LEGACY = "legacy-tenant";

    static final FactSeals ATTACKER_UNDER_PLANNER_KEY_ID = FactSeals.comparisons(new SealKeyRing(
            TestSeals.COMPARISON_KEY_ID, Map.of(TestSeals.COMPARISON_KEY_ID, secret("attacker-chosen-secret-32-bytes!"))));
    static final FactSeals ATTACKER_UNDER_EXECUTOR_KEY_ID = FactSeals.observations(new SealKeyRing(
            TestSeals.OBSERVATION_KEY_ID, Map.of(TestSeals.OBSERVATION_KEY_ID, secret("attacker-chosen-secret-32-bytes!"))));
    static final FactSeals COMPARISONS_BY_EXECUTOR_KEY = FactSeals.comparisons(new SealKeyRing(
            TestSeals.OBSERVATION_KEY_ID, Map.of(TestSeals.OBSERVATION_KEY_ID, TestSeals.OBSERVATION_SECRET)));
    static final FactSeals OBSERVATIONS_BY_PLANNER_KEY = FactSeals.observations(new SealKeyRing(
            TestSeals.COMPARISON_KEY_ID, Map.of(TestSeals.COMPARISON_KEY_ID, TestSeals.COMPARISON_SECRET)));
    static final FactSeals COMPARISONS_BY_PLAN_KEY = FactSeals.comparisons(new SealKeyRing(
            TestSeals.PLAN_KEY_ID, Map.of(TestSeals.PLAN_KEY_ID, TestSeals.PLAN_SECRET)));
    static final FactSeals COMPARISONS_BY_SNAPSHOT_KEY = FactSeals.comparisons(new SealKeyRing(
            TestSeals.KEY_ID, Map.of(TestSeals.KEY_ID, TestSeals.SECRET)));

    static final String UNSEALED_COMPARISON = "untrusted comparison: comparison is not sealed";
    static final String UNKNOWN_COMPARISON_KEY = "untrusted comparison: comparison seal names an unknown key";
    static final String ALTERED_COMPARISON = "untrusted comparison: comparison seal does not match what the comparison says";
    static final String UNSEALED_OBSERVATION = "untrusted observation: observation is not sealed";
    static final String UNKNOWN_OBSERVATION_KEY = "untrusted observation: observation seal names an unknown key";
    static final String ALTERED_OBSERVATION = "untrusted observation: observation seal does not match what the observation says";

    /** Case name (the record's key, after {@link ReportTestSupport#HOSTILE_KEYS}) to the forged event and the reason expected. */
    private final Map<String, Forged> cases = new LinkedHashMap<>();
    private boolean published;

    record Forged(RunEvent event, String reason) {
    }

    @BeforeEach
    void publishOnce() throws Exception {
        if (published) {
            return;
        }
        published = true;
        ShadowCompared golden = comparison("forged-golden", "golden-forged", FORGER);
        ActionsExecuted shadowCalls = observation(golden.run(), Plan.CLASSIC, 1, 0);

        comparisonCase("unsealed", golden, UNSEALED_COMPARISON);
        comparisonCase("attacker-key-under-planner-key-id", ATTACKER_UNDER_PLANNER_KEY_ID.sealed(golden), ALTERED_COMPARISON);
        comparisonCase("executor-key", COMPARISONS_BY_EXECUTOR_KEY.sealed(golden), UNKNOWN_COMPARISON_KEY);
        comparisonCase("plan-seal-key", COMPARISONS_BY_PLAN_KEY.sealed(golden), UNKNOWN_COMPARISON_KEY);
        comparisonCase("snapshot-seal-key", COMPARISONS_BY_SNAPSHOT_KEY.sealed(golden), UNKNOWN_COMPARISON_KEY);
        comparisonCase("observation-seal-copied", golden.withSeal(TestSeals.OBSERVATION_SEALS.sealed(shadowCalls).seal()),
                UNKNOWN_COMPARISON_KEY);
        ShadowCompared otherTenants = TestSeals.COMPARISON_SEALS.sealed(comparison("forged-moved", "golden-moved",
                "sealed-elsewhere"));
        comparisonCase("genuine-moved-to-another-tenant", withRun(otherTenants,
                run -> new RunContext(run.runId(), run.turnId(), 0, FORGER, run.projectId(), run.conversationId(),
                        run.principal())), ALTERED_COMPARISON);
        ShadowCompared diverging = TestSeals.COMPARISON_SEALS.sealed(withAgreement(
                comparison("forged-agree", "golden-agree", FORGER), false));
        comparisonCase("genuine-divergence-turned-agreement", withAgreement(diverging, true), ALTERED_COMPARISON);
        ShadowCompared ordinary = TestSeals.COMPARISON_SEALS.sealed(comparison("forged-golden-conv", "conv-ordinary",
                FORGER));
        comparisonCase("genuine-made-golden", withRun(ordinary, run -> new RunContext(run.runId(), run.turnId(), 0,
                run.tenantId(), run.projectId(), "golden-made-up", run.principal())), ALTERED_COMPARISON);
        ShadowCompared genuine = TestSeals.COMPARISON_SEALS.sealed(comparison("forged-replay", "golden-replay", FORGER));
        comparisonCase("genuine-replayed-under-new-event-id", new ShadowCompared(genuine.schemaVersion(), "evt-replayed",
                genuine.occurredAt(), genuine.run(), genuine.mode(), genuine.question(), genuine.snapshot(),
                genuine.candidates(), genuine.classicPlan(), genuine.capabilityPlan(), genuine.agreement(),
                genuine.capabilityLatencyMs(), genuine.fallbackReason(), genuine.promptTokens(), genuine.plannerNote(),
                genuine.seal()), ALTERED_COMPARISON);
        comparisonCase("genuine-re-dated-into-the-window", new ShadowCompared(genuine.schemaVersion(),
                genuine.eventId(), genuine.occurredAt().plusSeconds(86_400), genuine.run(), genuine.mode(),
                genuine.question(), genuine.snapshot(), genuine.candidates(), genuine.classicPlan(),
                genuine.capabilityPlan(), genuine.agreement(), genuine.capabilityLatencyMs(), genuine.fallbackReason(),
                genuine.promptTokens(), genuine.plannerNote(), genuine.seal()), ALTERED_COMPARISON);

        observationCase("unsealed-calls", shadowCalls, UNSEALED_OBSERVATION);
        observationCase("attacker-key-under-executor-key-id", ATTACKER_UNDER_EXECUTOR_KEY_ID.sealed(shadowCalls),
                ALTERED_OBSERVATION);
        observationCase("planner-key", OBSERVATIONS_BY_PLANNER_KEY.sealed(shadowCalls), UNKNOWN_OBSERVATION_KEY);
        observationCase("comparison-seal-copied", shadowCalls.withSeal(TestSeals.COMPARISON_SEALS.sealed(golden).seal()),
                UNKNOWN_OBSERVATION_KEY);
        ActionsExecuted denied = TestSeals.OBSERVATION_SEALS.sealed(observation(golden.run(), Plan.CAPABILITY, 1, 2));
        observationCase("denied-calls-hidden", withCalls(denied, new ExternalCalls(Plan.CAPABILITY, 1, 0)),
                ALTERED_OBSERVATION);
        observationCase("capability-execution-passed-as-classic", withCalls(denied, new ExternalCalls(Plan.CLASSIC, 1, 2)),
                ALTERED_OBSERVATION);
        ActionsExecuted elsewhere = TestSeals.OBSERVATION_SEALS.sealed(observation(otherTenants.run(), Plan.CLASSIC, 1, 0));
        observationCase("genuine-calls-moved-to-another-run", new ActionsExecuted(elsewhere.schemaVersion(),
                elsewhere.eventId(), elsewhere.occurredAt(), golden.run(), elsewhere.results(), elsewhere.externalCalls(),
                elsewhere.continuing(), elsewhere.seal()), ALTERED_OBSERVATION);

        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            cases.forEach((name, forged) -> ReportTestSupport.publishAsIs(kafka, forged.event(),
                    ReportTestSupport.HOSTILE_KEYS + name));
            // Genuine facts of the same shape for another tenant: stored and counted.
            for (int i = 0; i < 3; i++) {
                ShadowCompared control = comparison("control-" + i, "golden-control-" + i, CONTROL);
                ReportTestSupport.publish(kafka, control);
                ReportTestSupport.publish(kafka, observation(control.run(), Plan.CLASSIC, 1, 0));
            }
            ShadowCompared legacy = comparison("legacy-0", "golden-legacy", LEGACY);
            ReportTestSupport.publish(kafka, legacy);
            ReportTestSupport.publish(kafka, observation(legacy.run(), Plan.CLASSIC, 1, 0));
            kafka.awaitConsumed("shadow-report-service", Topics.SHADOW_COMPARED, Duration.ofSeconds(30));
            kafka.awaitConsumed("shadow-report-service", Topics.ACTIONS_EXECUTED, Duration.ofSeconds(30));
        }
        try (Connection db = database()) {
            ReportTestSupport.await(() -> calls(db, CONTROL) == 3 && calls(db, LEGACY) == 1,
                    "the genuine call counts were not stored");
            // What a row stored before seals existed looks like (V9): no key vouches for it.
            db.createStatement().executeUpdate("update shadow_report set sealed_with = null where tenant_id = '" + LEGACY + "'");
            db.createStatement().executeUpdate("update shadow_report_calls set sealed_with = null where tenant_id = '"
                    + LEGACY + "'");
        }
    }

    @Test
    void everyForgedFactIsDeadLetteredWithTheCheckItFailedAndNeverTheSeal() {
        List<ConsumerRecord<String, String>> deadLetters;
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            deadLetters = kafka.awaitExactly(Topics.deadLetters("shadow-report-service"),
                    r -> r.key() != null && r.key().startsWith(ReportTestSupport.HOSTILE_KEYS), cases.size(),
                    Duration.ofSeconds(30));
        }
        Map<String, String> reasons = new LinkedHashMap<>();
        for (ConsumerRecord<String, String> record : deadLetters) {
            reasons.put(record.key().substring(ReportTestSupport.HOSTILE_KEYS.length()),
                    KafkaTestClient.header(record, "dead-letter-reason"));
        }
        assertThat(deadLetters).as("one dead letter per forged fact").hasSize(cases.size());
        cases.forEach((name, forged) -> {
            assertThat(reasons).as(name).containsEntry(name, forged.reason());
            String seal = forged.event() instanceof ShadowCompared c ? c.seal() : ((ActionsExecuted) forged.event()).seal();
            if (seal != null) {
                assertThat(reasons.get(name)).as(name + ": the reason never quotes the seal")
                        .doesNotContain(seal.substring(seal.lastIndexOf(':') + 1));
            }
        });
    }

    @Test
    void nothingOfAForgedFactIsStoredAndTheGateCountsNothingForItsTenant() throws Exception {
        try (Connection db = database()) {
            assertThat(count(db, "select count(*) from shadow_report where tenant_id = '" + FORGER + "'")).isZero();
            assertThat(calls(db, FORGER)).isZero();
            assertThat(count(db, "select count(*) from shadow_report where run_id like 'forged-%'")).isZero();
        }
        JsonPath gate = gate(FORGER);
        assertThat(gate.getBoolean("pass")).isFalse();
        assertThat(evidence(gate, "golden-scenarios")).containsEntry("goldenReports", 0);
        assertThat(evidence(gate, "no-invalid-schema-plan")).containsEntry("eligibleTurns", 0);
        assertThat(evidence(gate, "shadow-executed-nothing")).containsEntry("shadowObserved", 0);
        given().header("Authorization", AnalystTokens.analystOf(FORGER)).get("/reports").then().statusCode(200)
                .body("total", org.hamcrest.Matchers.equalTo(0));
    }

    @Test
    void genuineFactsOfTheSameShapeAreStoredWithTheKeyThatSealedThemAndCounted() throws Exception {
        JsonPath gate = gate(CONTROL);
        assertThat(evidence(gate, "golden-scenarios")).containsEntry("goldenReports", 3).containsEntry("goldenFailing", 0);
        assertThat(evidence(gate, "no-invalid-schema-plan")).containsEntry("eligibleTurns", 3);
        assertThat(evidence(gate, "shadow-executed-nothing")).containsEntry("shadowObserved", 3)
                .containsEntry("shadowCapabilityExecuted", 0);
        try (Connection db = database()) {
            assertThat(count(db, "select count(*) from shadow_report where tenant_id = '" + CONTROL
                    + "' and sealed_with = '" + TestSeals.COMPARISON_KEY_ID + "'")).isEqualTo(3);
            assertThat(count(db, "select count(*) from shadow_report_calls where tenant_id = '" + CONTROL
                    + "' and sealed_with = '" + TestSeals.OBSERVATION_KEY_ID + "'")).isEqualTo(3);
        }
    }

    @Test
    void aReportStoredBeforeSealsStaysReadableButTheGateDoesNotCountIt() {
        given().header("Authorization", AnalystTokens.analystOf(LEGACY)).get("/reports/legacy-0").then().statusCode(200)
                .body("iterations[0].externalCalls.sent", org.hamcrest.Matchers.equalTo(1));
        JsonPath gate = gate(LEGACY);
        assertThat(evidence(gate, "golden-scenarios")).containsEntry("goldenReports", 0);
        assertThat(evidence(gate, "shadow-executed-nothing")).containsEntry("shadowReports", 0)
                .containsEntry("shadowObserved", 0);
    }

    private void comparisonCase(String name, ShadowCompared forged, String reason) {
        cases.put(name, new Forged(forged, reason));
    }

    private void observationCase(String name, ActionsExecuted forged, String reason) {
        cases.put(name, new Forged(forged, reason));
    }

    private static JsonPath gate(String tenant) {
        return given().header("Authorization", AnalystTokens.analystOf(tenant)).queryParam("tenant", tenant)
                .get("/promotion-gate").then().statusCode(200).extract().jsonPath();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> evidence(JsonPath gate, String criterion) {
        return ((List<Map<String, Object>>) (List<?>) gate.getList("criteria")).stream()
                .filter(c -> criterion.equals(c.get("name"))).map(c -> (Map<String, Object>) c.get("evidence"))
                .findFirst().orElseThrow();
    }

    private static long calls(Connection db, String tenant) {
        try {
            return count(db, "select count(*) from shadow_report_calls where tenant_id = '" + tenant + "'");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A comparison that agrees, in shadow mode: one of the kind a passing gate is made of. */
    private static ShadowCompared comparison(String runId, String conversationId, String tenant) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, tenant, base.projectId(), conversationId,
                base.principal());
        Plan plan = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "orders.detail",
                Map.of("orderId", "O-5002"), List.of())));
        return new ShadowCompared("v1", "evt-" + runId, Instant.parse("2026-11-29T10:00:00Z"), run, "shadow",
                "Where is order O-5002?", CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()),
                List.of("orders.detail"), plan, Plan.actions(Plan.CAPABILITY, plan.actions()), true, 4, null);
    }

    private static ActionsExecuted observation(RunContext run, String plannedBy, int sent, int denied) {
        return new ActionsExecuted("v1", "evt-calls-" + run.runId() + "-" + plannedBy + denied, Instant.now(), run,
                List.of(), new ExternalCalls(plannedBy, sent, denied));
    }

    private static ShadowCompared withRun(ShadowCompared c, UnaryOperator<RunContext> change) {
        return new ShadowCompared(c.schemaVersion(), c.eventId(), c.occurredAt(), change.apply(c.run()), c.mode(),
                c.question(), c.snapshot(), c.candidates(), c.classicPlan(), c.capabilityPlan(), c.agreement(),
                c.capabilityLatencyMs(), c.fallbackReason(), c.promptTokens(), c.plannerNote(), c.seal());
    }

    private static ShadowCompared withAgreement(ShadowCompared c, boolean agreement) {
        return new ShadowCompared(c.schemaVersion(), c.eventId(), c.occurredAt(), c.run(), c.mode(), c.question(),
                c.snapshot(), c.candidates(), c.classicPlan(), c.capabilityPlan(), agreement, c.capabilityLatencyMs(),
                c.fallbackReason(), c.promptTokens(), c.plannerNote(), c.seal());
    }

    private static ActionsExecuted withCalls(ActionsExecuted o, ExternalCalls calls) {
        return new ActionsExecuted(o.schemaVersion(), o.eventId(), o.occurredAt(), o.run(), o.results(), calls,
                o.continuing(), o.seal());
    }

    private static byte[] secret(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
