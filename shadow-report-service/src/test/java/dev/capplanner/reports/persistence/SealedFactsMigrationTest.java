package dev.capplanner.reports.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.eclipse.microprofile.config.ConfigProvider;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * V9 and V10 on a database that has reports from before seals (in a schema of its own, migrated up to
 * V8 first): they keep their data and stay apart from the sealed facts that come after them, so a
 * genuine sealed comparison or call count of the same run and iteration is stored, not skipped as
 * their duplicate.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class SealedFactsMigrationTest {

    static final String SCHEMA = "v9_upgrade";
    static final String RUN_KEY = "run:" + "ab".repeat(32);

    @Test
    void rowsStoredBeforeSealsMoveAsideWithTheirCallsAndReviewsAndLeaveTheirKeyToSealedFacts() throws SQLException {
        String url = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
        String user = ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.username", String.class)
                .orElse("postgres");
        String password = ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.password", String.class)
                .orElse("");
        flyway(url, user, password, "8").migrate();
        try (Connection db = DriverManager.getConnection(url, user, password);
             Statement sql = db.createStatement()) {
            sql.execute("set search_path to " + SCHEMA);
            sql.executeUpdate("insert into shadow_report (event_id, run_id, run_key, iteration, turn_id, conversation_id,"
                    + " tenant_id, project_id, mode, occurred_at, stored_at, snapshot_hash, snapshot_size_bytes, question,"
                    + " candidates, classic_plan, capability_plan, agreement, capability_latency_ms) values ('evt-old',"
                    + " 'run-1', '" + RUN_KEY + "', 0, 'turn-1', 'golden-1', 'acme', 'support-desk', 'shadow', now(),"
                    + " now(), 'sha256:x', 1, 'q', '[]', '{}', '{}', true, 3)");
            sql.executeUpdate("insert into shadow_report_calls (run_key, iteration, tenant_id, planned_by, sent, denied,"
                    + " observed_at) values ('" + RUN_KEY + "', 0, 'acme', 'classic', 1, 0, now())");
            sql.executeUpdate("insert into shadow_report_review (run_key, iteration, tenant_id, verdict, reviewer,"
                    + " reviewed_at) values ('" + RUN_KEY + "', 0, 'acme', 'expected', 'ana', now())");
            sql.executeUpdate("insert into shadow_report_calls (run_key, iteration, tenant_id, planned_by, sent, denied,"
                    + " observed_at) values ('legacy:run-0', 0, 'acme', 'classic', 1, 0, now())");

            flyway(url, user, password, "9").migrate();
            String sealedKey = "run:" + "cd".repeat(32);
            sql.executeUpdate("insert into shadow_report_calls (run_key, iteration, tenant_id, planned_by, sent, denied,"
                    + " observed_at, sealed_with) values ('" + sealedKey + "', 0, 'acme', 'classic', 3, 0, now(), 'k0')");
            flyway(url, user, password, "10").migrate();

            assertThat(one(sql, "select run_key from shadow_report_calls where sent = 3")).as("a sealed row stays")
                    .isEqualTo(sealedKey);

            assertThat(one(sql, "select run_key from shadow_report where event_id = 'evt-old'"))
                    .isEqualTo("unsealed:" + RUN_KEY);
            assertThat(one(sql, "select run_key || ' ' || coalesce(sealed_with, 'none') from shadow_report_calls"
                    + " where sent = 1 and run_key <> 'legacy:run-0'")).isEqualTo("unsealed:" + RUN_KEY + " none");
            assertThat(one(sql, "select run_key from shadow_report_review")).as("the review follows its report")
                    .isEqualTo("unsealed:" + RUN_KEY);
            assertThat(one(sql, "select count(*) from shadow_report_calls where run_key = 'legacy:run-0'"))
                    .as("keys from before V8 are apart already").isEqualTo("1");
            // The sealed facts of that run and iteration are new rows, not duplicates of the old ones.
            sql.executeUpdate("insert into shadow_report_calls (run_key, iteration, tenant_id, planned_by, sent, denied,"
                    + " observed_at, sealed_with) values ('" + RUN_KEY + "', 0, 'acme', 'capability', 2, 1, now(), 'k1')");
            assertThat(one(sql, "select count(*) from shadow_report_calls where run_key = '" + RUN_KEY + "'"))
                    .isEqualTo("1");
        } finally {
            try (Connection db = DriverManager.getConnection(url, user, password);
                 Statement sql = db.createStatement()) {
                sql.execute("drop schema if exists " + SCHEMA + " cascade");
            }
        }
    }

    private static Flyway flyway(String url, String user, String password, String target) {
        return Flyway.configure().dataSource(url, user, password).schemas(SCHEMA).createSchemas(true)
                .locations("classpath:db/migration").target(target).load();
    }

    private static String one(Statement sql, String query) throws SQLException {
        try (ResultSet rows = sql.executeQuery(query)) {
            assertThat(rows.next()).as(query).isTrue();
            return rows.getString(1);
        }
    }
}
