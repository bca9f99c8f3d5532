package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.count;
import static dev.capplanner.reports.ReportTestSupport.database;
import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.reports.persistence.Retention;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Rule "retention by configuration": what is older than reports.retention.keep goes, the rest stays,
 * and the summary's hourly rollup loses what went.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class RetentionTest {

    @Inject
    Retention retention;

    @Test
    void reportsCallCountsAndReviewsOlderThanTheRetentionArePurgedAndYoungerOnesKept() throws Throwable {
        Instant old = Instant.now().minus(Duration.ofDays(400));
        Instant fresh = Instant.now().minus(Duration.ofDays(1));
        try (Connection db = database()) {
            insertReport(db, "ret-old", old);
            insertReport(db, "ret-fresh", fresh);
            db.createStatement().executeUpdate("insert into shadow_report_calls values ('ret-old', 0, 'retention-tenant', 'classic', 1, 0, '"
                    + Timestamp.from(old) + "')");
            db.createStatement().executeUpdate("insert into shadow_report_review values ('ret-old', 0, 'retention-tenant', 'noise', null,"
                    + " 'someone', '" + Timestamp.from(old) + "')");
            // Written straight into the table, so rolled up as ingestion would have done.
            db.createStatement().execute("select shadow_report_roll_up(array_agg(r), 1) from shadow_report r"
                    + " where tenant_id = 'retention-tenant'");
            assertThat(count(db, "select sum(reports) from shadow_report_hourly where tenant_id = 'retention-tenant'"))
                    .isEqualTo(2);
        }
        // As the scheduler runs it: on a Vert.x context, where Hibernate Reactive works.
        assertThat(io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(retention::purge)).isGreaterThanOrEqualTo(1);
        try (Connection db = database()) {
            assertThat(count(db, "select count(*) from shadow_report where run_id = 'ret-old'")).isZero();
            assertThat(count(db, "select count(*) from shadow_report_calls where run_key = 'ret-old'")).isZero();
            assertThat(count(db, "select count(*) from shadow_report_review where run_key = 'ret-old'")).isZero();
            assertThat(count(db, "select count(*) from shadow_report where run_id = 'ret-fresh'")).isEqualTo(1);
            assertThat(count(db, "select count(*) from shadow_report_hourly where tenant_id = 'retention-tenant'"))
                    .as("the purged report's hour left the summary's rollup with it").isEqualTo(1);
            assertThat(count(db, "select sum(reports) from shadow_report_hourly where tenant_id = 'retention-tenant'"
                    + " and hour = date_trunc('hour', timestamptz '" + fresh + "' at time zone 'UTC') at time zone 'UTC'")).isEqualTo(1);
            assertThat(count(db, "select count(*) from shadow_report_hourly_histogram where tenant_id = 'retention-tenant'"))
                    .isEqualTo(1);
            db.createStatement().execute("select shadow_report_roll_up(array_agg(r), -1) from shadow_report r"
                    + " where run_id = 'ret-fresh'");
            db.createStatement().executeUpdate("delete from shadow_report where run_id = 'ret-fresh'");
        }
    }

    private static void insertReport(Connection db, String runId, Instant at) throws Exception {
        try (PreparedStatement insert = db.prepareStatement("insert into shadow_report (event_id, run_id, run_key, iteration, turn_id,"
                + " conversation_id, tenant_id, project_id, mode, occurred_at, stored_at, snapshot_hash, snapshot_size_bytes,"
                + " question, candidates, classic_plan, capability_plan, agreement, capability_latency_ms)"
                + " values (?, ?, ?, 0, 't', 'c', 'retention-tenant', 'p', 'shadow', ?, ?, 'sha256:x', 1, 'q', '[]', '{}', '{}', true, 1)")) {
            insert.setString(1, "evt-" + runId);
            insert.setString(2, runId);
            insert.setString(3, runId);
            insert.setTimestamp(4, Timestamp.from(at));
            insert.setTimestamp(5, Timestamp.from(at));
            insert.executeUpdate();
        }
    }

}
