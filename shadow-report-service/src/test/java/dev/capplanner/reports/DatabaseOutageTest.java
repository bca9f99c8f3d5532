package dev.capplanner.reports;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.Topics;
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
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * A database outage pauses ingestion instead of losing comparisons: while PostgreSQL refuses
 * connections (maintenance mode, every session terminated) readiness is down and the comparison is
 * neither stored nor dead-lettered; when the database returns, it is stored once.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class DatabaseOutageTest {

    static final String TENANT = "outage-tenant";

    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    @Test
    void aComparisonArrivingDuringAnOutageIsStoredWhenTheDatabaseReturns() throws Exception {
        ShadowCompared comparison = comparison("run-outage-1");
        setAcceptingConnections(false);
        try {
            publish(comparison);
            await("readiness reports the database down", Duration.ofSeconds(30),
                    () -> given().get(ready).statusCode() == 503);
            Thread.sleep(3000);
            try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
                assertThat(kafka.await(Topics.deadLetters("shadow-report-service"),
                        r -> r.value().contains("run-outage-1"), 1, Duration.ofSeconds(2)))
                        .as("an outage is not a reason to dead-letter").isEmpty();
            }
        } finally {
            setAcceptingConnections(true);
        }
        await("the comparison is stored once the database is back", Duration.ofSeconds(60),
                () -> storedReports("run-outage-1") == 1);
        await("readiness is back up", Duration.ofSeconds(30), () -> given().get(ready).statusCode() == 200);
        assertThat(storedReports("run-outage-1")).isEqualTo(1);
    }

    /** Maintenance mode: no new session may connect to the database, and the open ones are ended. */
    private static void setAcceptingConnections(boolean accepting) throws SQLException {
        String url = jdbcUrl();
        String database = url.substring(url.lastIndexOf('/') + 1);
        try (Connection admin = DriverManager.getConnection(url.substring(0, url.lastIndexOf('/') + 1) + "postgres",
                "postgres", "")) {
            admin.createStatement().execute("ALTER DATABASE \"" + database + "\" ALLOW_CONNECTIONS " + accepting);
            if (!accepting) {
                admin.createStatement().execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"
                        + database + "' AND pid <> pg_backend_pid()");
            }
        }
    }

    private static int storedReports(String runId) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(), "postgres", "");
             ResultSet rows = connection.createStatement().executeQuery(
                     "select count(*) from shadow_report where run_id = '" + runId + "'")) {
            rows.next();
            return rows.getInt(1);
        } catch (SQLException e) {
            return -1;
        }
    }

    private static String jdbcUrl() {
        return ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
    }

    private static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(200);
        }
    }

    private static void publish(ShadowCompared event) {
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            ReportTestSupport.publish(kafka, event);
        }
    }

    private static ShadowCompared comparison(String runId) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, TENANT, base.projectId(), base.conversationId(),
                base.principal());
        Plan plan = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "orders.detail",
                Map.of("orderId", "O-5002"), List.of())));
        return new ShadowCompared("v1", "evt-" + runId, Instant.parse("2026-11-30T12:00:00Z"), run, "shadow",
                "Where is order O-5002?", CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()),
                List.of("orders.detail"), plan, plan, true, 2, null);
    }
}
