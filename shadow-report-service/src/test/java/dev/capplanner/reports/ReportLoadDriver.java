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
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
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

    /**
     * Publishes comparisons as fast as the producer takes them; the rate is reports stored per second.
     * The events are written to JSON before the clock starts: that is the planner's work, not ingestion's.
     */
    private double ingest() throws Exception {
        List<ShadowCompared> events = new ArrayList<>();
        List<String> payloads = new ArrayList<>();
        for (int i = 0; i < INGESTED; i++) {
            events.add(TestSeals.COMPARISON_SEALS.sealed(comparison("bench-run-" + i, i)));
            payloads.add(TurnFixtures.json(events.get(i)));
        }
        long started = System.nanoTime();
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            for (int i = 0; i < INGESTED; i++) {
                kafka.publishWithoutWaiting(EventType.SHADOW_COMPARED.topic(), events.get(i).run().conversationId(),
                        payloads.get(i));
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

    /**
     * A million reports over 30 days of one tenant, then one-week summaries by day, timed: one on hour
     * boundaries (all from the rollup) and one whose ends cut hours (their reports read too), in turn.
     */
    private double[] summaries() throws Exception {
        try (Connection db = database()) {
            db.createStatement().executeUpdate("""
                    insert into shadow_report (event_id, run_id, run_key, iteration, turn_id, conversation_id, tenant_id, project_id,
                        mode, occurred_at, stored_at, snapshot_hash, snapshot_size_bytes, question, candidates, classic_plan,
                        capability_plan, agreement, capability_latency_ms, prompt_tokens, divergence_kind, invalid_plan,
                        corrected, premature_avoided)
                    select 'bench-1m-' || n, 'bench-1m-' || n, 'bench-1m-' || n, 0, 't' || n, 'c' || (n % 5000), 'bench-1m', 'desk', 'shadow',
                        timestamp with time zone '2026-10-01T00:00:00Z' + (n * 2592000.0 / STORED) * interval '1 second',
                        now(), 'sha256:x', 1000, 'q', '[]', '{}', '{}', n % 7 <> 0, n % 250, 500 + n % 1500,
                        case when n % 7 = 0 then 'tools' else 'none' end, n % 97 = 0, n % 31 = 0, n % 53 = 0
                    from generate_series(1, STORED) as n
                    """.replace("STORED", Integer.toString(STORED)));
            // Written straight into the table, so rolled up as ingestion does, one hour at a time (as V6 does).
            db.createStatement().execute("""
                    select shadow_report_roll_up(array_agg(r), 1) from shadow_report r where tenant_id = 'bench-1m'
                    group by date_trunc('hour', r.occurred_at at time zone 'UTC')""");
            // What autovacuum does after a bulk load: statistics, and the visibility map an index-only scan needs.
            db.createStatement().execute("vacuum analyze shadow_report");
            db.createStatement().execute("vacuum analyze shadow_report_hourly_histogram");
        }
        String token = AnalystTokens.analystOf("bench-1m");
        List<Double> timings = new ArrayList<>();
        for (int i = 0; i < SUMMARIES + 5; i++) {
            long started = System.nanoTime();
            boolean cut = i % 2 == 1;
            given().header("Authorization", token).queryParam("tenantId", "bench-1m")
                    .queryParam("from", cut ? "2026-10-08T00:37:00Z" : "2026-10-08T00:00:00Z")
                    .queryParam("to", cut ? "2026-10-15T00:21:00Z" : "2026-10-15T00:00:00Z")
                    .queryParam("bucket", "day").get("/reports/summary").then().statusCode(200);
            if (i >= 5) {
                timings.add((System.nanoTime() - started) / 1e6);
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
