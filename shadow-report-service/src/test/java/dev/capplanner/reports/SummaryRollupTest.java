package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.await;
import static dev.capplanner.reports.ReportTestSupport.count;
import static dev.capplanner.reports.ReportTestSupport.database;
import static dev.capplanner.reports.ReportTestSupport.publish;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The summary reads an hourly rollup that ingestion keeps: it must say what the reports say. Random
 * comparisons over three hours (some redelivered under new event ids) are summed and percentiled
 * exactly in SQL over the stored reports, and the summary must give the same counts and rates, and
 * percentiles within the rollup's bucket precision, for a window whose ends cut hours in two.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class SummaryRollupTest {

    static final String TENANT = "rollup-tenant";
    static final int COMPARISONS = 240;
    static final String FROM = "2026-11-10T08:17:00Z";
    static final String TO = "2026-11-10T10:41:00Z";

    @Test
    void theSummaryFromTheRollupSaysWhatTheStoredReportsSay() throws Exception {
        Random random = new Random(42);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            for (int i = 0; i < COMPARISONS; i++) {
                ShadowCompared comparison = comparison(i, random);
                publish(kafka, comparison);
                if (i % 8 == 0) {
                    publish(kafka, redelivered(comparison));
                }
            }
        }
        try (Connection db = database()) {
            await(() -> stored(db) == COMPARISONS, "not every comparison was stored");
            assertThat(count(db, "select sum(reports) from shadow_report_hourly where tenant_id = '" + TENANT + "'"))
                    .as("a redelivered comparison counts once").isEqualTo(COMPARISONS);

            JsonPath summary = given().header("Authorization", AnalystTokens.analystOf(TENANT))
                    .queryParam("from", FROM).queryParam("to", TO).queryParam("bucket", "hour")
                    .get("/reports/summary").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> rows = summary.getList("rows");
            try (ResultSet exact = db.createStatement().executeQuery("""
                    select count(*), avg(case when agreement then 1.0 else 0.0 end),
                           avg(case when fallback_reason is not null then 1.0 else 0.0 end),
                           percentile_cont(0.5) within group (order by capability_latency_ms),
                           percentile_cont(0.95) within group (order by capability_latency_ms),
                           percentile_cont(0.5) within group (order by prompt_tokens)
                    from shadow_report where tenant_id = '%s' and occurred_at >= '%s' and occurred_at < '%s'
                    group by date_trunc('hour', occurred_at at time zone 'UTC')
                    order by date_trunc('hour', occurred_at at time zone 'UTC')
                    """.formatted(TENANT, FROM, TO))) {
                int i = 0;
                while (exact.next()) {
                    Map<String, Object> row = rows.get(i++);
                    assertThat(((Number) row.get("reports")).longValue()).isEqualTo(exact.getLong(1));
                    assertThat(((Number) row.get("agreementRate")).doubleValue())
                            .isCloseTo(exact.getDouble(2), within(0.0001));
                    assertThat(((Number) row.get("fallbackRate")).doubleValue())
                            .isCloseTo(exact.getDouble(3), within(0.0001));
                    // Within 1/64 of the values around the rank; 2 % of the percentile covers it here.
                    assertThat(((Number) row.get("latencyP50Ms")).doubleValue()).isCloseTo(exact.getDouble(4),
                            withinPercentage(2));
                    assertThat(((Number) row.get("latencyP95Ms")).doubleValue()).isCloseTo(exact.getDouble(5),
                            withinPercentage(2));
                    assertThat(((Number) row.get("promptTokensP50")).doubleValue()).isCloseTo(exact.getDouble(6),
                            withinPercentage(2));
                }
                assertThat(i).as("the window's three hours, the first and last cut").isEqualTo(3).isEqualTo(rows.size());
            }
        }
    }

    private static long stored(Connection db) {
        try {
            return count(db, "select count(*) from shadow_report where tenant_id = '" + TENANT + "'");
        } catch (java.sql.SQLException e) {
            return -1;
        }
    }

    /** The i-th comparison: spread over 08:00 to 11:00, random latency (some below 64), tokens for most. */
    private static ShadowCompared comparison(int i, Random random) {
        String runId = "rollup-" + i;
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, TENANT, base.projectId(), "rollup-conv-" + (i % 7),
                base.principal());
        List<PlannedAction> calls = List.of(new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-" + i),
                List.of()));
        Instant at = Instant.parse("2026-11-10T08:00:00Z").plusSeconds(i * 45L);
        long latency = random.nextInt(10) == 0 ? random.nextInt(64) : random.nextInt(5_000);
        Integer tokens = random.nextInt(5) == 0 ? null : 200 + random.nextInt(4_000);
        return new ShadowCompared("v1", "evt-" + runId, at, run, "shadow", "Where is order O-" + i + "?",
                CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()), List.of("orders.detail"), Plan.actions(Plan.CLASSIC, calls),
                Plan.actions(Plan.CAPABILITY, calls),
                random.nextInt(3) > 0, latency, random.nextInt(6) == 0 ? "llm unavailable" : null, tokens, null);
    }

    private static ShadowCompared redelivered(ShadowCompared c) {
        return new ShadowCompared(c.schemaVersion(), c.eventId() + "-again", c.occurredAt(), c.run(), c.mode(), c.question(),
                c.snapshot(), c.candidates(), c.classicPlan(), c.capabilityPlan(), c.agreement(),
                c.capabilityLatencyMs(), c.fallbackReason(), c.promptTokens(), c.plannerNote());
    }
}
