package dev.capplanner.reports;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.eclipse.microprofile.config.ConfigProvider;

/** What the report service's tests do alike: publish a comparison, wait for a condition, ask the database. */
final class ReportTestSupport {

    /**
     * Key prefix of records a test publishes to be dead-lettered on purpose (forged facts): tests that
     * count the service's dead letters leave these out, whichever test class ran first on the shared broker.
     */
    static final String HOSTILE_KEYS = "hostile-";

    private ReportTestSupport() {
    }

    /** Publishes a comparison as the planner does: sealed with its key, keyed by conversation, with trace headers. */
    static void publish(KafkaTestClient kafka, ShadowCompared event) {
        publishAsIs(kafka, TestSeals.COMPARISON_SEALS.sealed(event));
    }

    /** Publishes an observation as the executor does: sealed with its key, keyed by conversation, with trace headers. */
    static void publish(KafkaTestClient kafka, ActionsExecuted event) {
        publishAsIs(kafka, TestSeals.OBSERVATION_SEALS.sealed(event));
    }

    private static void publishAsIs(KafkaTestClient kafka, RunEvent event) {
        publishAsIs(kafka, event, event.run().conversationId());
    }

    /** Publishes the event with whatever seal it carries (none, a forged one) under this key, as anyone with topic access could. */
    static void publishAsIs(KafkaTestClient kafka, RunEvent event, String key) {
        kafka.publish(EventType.of(event).topic(), key, TurnFixtures.json(event),
                TurnFixtures.headers(event, TurnFixtures.newTraceId()));
    }

    /** Waits up to 30 s for {@code done}, failing with {@code failure}. */
    static void await(BooleanSupplier done, String failure) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (done.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError(failure);
    }

    /** A JDBC connection to the service's database, as an operator's psql would open it. */
    static Connection database() throws SQLException {
        return DriverManager.getConnection(ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class),
                "postgres", "");
    }

    static long count(Connection db, String sql) throws SQLException {
        try (ResultSet rows = db.createStatement().executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
