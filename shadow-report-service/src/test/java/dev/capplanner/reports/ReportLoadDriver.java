package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.count;
import static dev.capplanner.reports.ReportTestSupport.database;
import static io.restassured.RestAssured.given;

import dev.capplanner.contracts.EventType;
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
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report service's load driver, not part of the test suite (its name is no test's:
 * {@code ./mvnw -B test -pl shadow-report-service -Dtest=ReportLoadDriver}):
 * ingestion throughput through a real broker into a real PostgreSQL (masking included), and the
 * summary's latency over a million stored reports. Prints its figures as one JSON line; asserts
 * nothing about time (targets are read from the figures, docs/benchmarks.md).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class ReportLoadDriver {

    static final int INGESTED = Integer.getInteger("reports.bench.ingested", 20_000);
    static final int STORED = Integer.getInteger("reports.bench.stored", 1_000_000);
    static final int SUMMARIES = 50;

    @Test
    void ingestionThroughputAndSummaryLatency() throws Exception {
        double perSecond = ingest();
        double[] summaryMs = summaries();
        System.out.printf("{\"ingested\":%d,\"ingest_reports_per_s\":%.0f,\"stored\":%d,\"summary_p50_ms\":%.1f,"
                + "\"summary_p95_ms\":%.1f}%n", INGESTED, perSecond, STORED, summaryMs[0], summaryMs[1]);
    }

    /** Publishes comparisons as fast as the producer takes them; the rate is reports stored per second. */
    private double ingest() throws Exception {
        long started = System.nanoTime();
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            for (int i = 0; i < INGESTED; i++) {
                ShadowCompared event = comparison("bench-run-" + i, i);
                kafka.publishWithoutWaiting(EventType.SHADOW_COMPARED.topic(), event.run().conversationId(),
                        TurnFixtures.json(event));
            }
            kafka.flush();
        }
        try (Connection db = database()) {
            while (count(db, "select count(*) from shadow_report where tenant_id = 'bench'") < INGESTED) {
                Thread.sleep(100);
            }
        }
        return INGESTED / ((System.nanoTime() - started) / 1e9);
    }

    /** A million reports over 30 days of one tenant, then a one-week summary by day, timed. */
    private double[] summaries() throws Exception {
        try (Connection db = database()) {
            db.createStatement().executeUpdate("""
                    insert into shadow_report (event_id, run_id, iteration, turn_id, conversation_id, tenant_id, project_id,
                        mode, occurred_at, stored_at, snapshot_hash, snapshot_size_bytes, question, candidates, classic_plan,
                        capability_plan, agreement, capability_latency_ms, prompt_tokens, divergence_kind, invalid_plan,
                        corrected, premature_avoided)
                    select 'bench-1m-' || n, 'bench-1m-' || n, 0, 't' || n, 'c' || (n % 5000), 'bench-1m', 'desk', 'shadow',
                        timestamp with time zone '2026-10-01T00:00:00Z' + (n * 2592000.0 / STORED) * interval '1 second',
                        now(), 'sha256:x', 1000, 'q', '[]', '{}', '{}', n % 7 <> 0, n % 250, 500 + n % 1500,
                        case when n % 7 = 0 then 'tools' else 'none' end, n % 97 = 0, n % 31 = 0, n % 53 = 0
                    from generate_series(1, STORED) as n
                    """.replace("STORED", Integer.toString(STORED)));
            // What autovacuum does after a bulk load: statistics, and the visibility map an index-only scan needs.
            db.createStatement().execute("vacuum analyze shadow_report");
        }
        String token = AnalystTokens.analystOf("bench-1m");
        List<Double> timings = new ArrayList<>();
        for (int i = 0; i < SUMMARIES + 5; i++) {
            long started = System.nanoTime();
            given().header("Authorization", token).queryParam("tenantId", "bench-1m")
                    .queryParam("from", "2026-10-08T00:00:00Z").queryParam("to", "2026-10-15T00:00:00Z")
                    .queryParam("bucket", "day").get("/reports/summary").then().statusCode(200);
            if (i >= 5) {
                timings.add((System.nanoTime() - started) / 1e6);
            }
        }
        try (Connection db = database(); ResultSet plan = db.createStatement().executeQuery("""
                explain (analyze, buffers) select count(*), avg(case when agreement then 1.0 else 0.0 end),
                    percentile_cont(0.5) within group (order by capability_latency_ms)
                from shadow_report where tenant_id = 'bench-1m'
                  and occurred_at >= '2026-10-08T00:00:00Z' and occurred_at < '2026-10-15T00:00:00Z'
                group by date_trunc('day', occurred_at at time zone 'UTC')""")) {
            // Where the time goes, for docs/benchmarks.md.
            while (plan.next()) {
                System.out.println("plan: " + plan.getString(1));
            }
        }
        double[] sorted = timings.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new double[] {sorted[sorted.length / 2], sorted[(int) Math.ceil(sorted.length * 0.95) - 1]};
    }

    private static ShadowCompared comparison(String runId, int n) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, "bench", base.projectId(), "bench-conv-" + (n % 500),
                base.principal());
        Plan classic = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search",
                Map.of("name", "Giulia Bianchi"), List.of())));
        Plan capability = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "customers.search",
                Map.of("name", "Giulia Bianchi"), List.of()), new PlannedAction("a2", "orders.list", Map.of(),
                List.of("a1"))));
        return new ShadowCompared("v1", "evt-" + runId, Instant.now(), run, "shadow",
                "Show the orders of Giulia Bianchi, giulia.bianchi@example.com", CapabilityFixtures.snapshotRef(run,
                        CapabilityFixtures.demo()), Arrays.asList("customers.search", "orders.list"), classic, capability,
                n % 3 == 0, 5, null, null, null);
    }

}
