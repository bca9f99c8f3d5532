package dev.capplanner.reports;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.ShadowCompared;
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

    private ReportTestSupport() {
    }

    /** Publishes a comparison as the planner does: keyed by conversation, with its trace headers. */
    static void publish(KafkaTestClient kafka, ShadowCompared event) {
        kafka.publish(EventType.SHADOW_COMPARED.topic(), event.run().conversationId(), TurnFixtures.json(event),
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
