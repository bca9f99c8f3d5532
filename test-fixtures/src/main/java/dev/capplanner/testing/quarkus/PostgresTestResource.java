package dev.capplanner.testing.quarkus;

import dev.capplanner.embedded.postgres.EmbeddedPostgresServer;
import dev.capplanner.testing.servers.TestServerChoice;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Starts a real PostgreSQL for a {@code @QuarkusTest}, embedded or with Testcontainers as
 * {@link TestServerChoice} says, and gives the application both JDBC (migrations) and reactive URLs.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    /** The same major version as the embedded binaries. */
    static final String POSTGRES_IMAGE = "postgres:17";
    static final String DATABASE = "capplanner";

    private final StartedServer running = new StartedServer("PostgreSQL test server");

    @Override
    public Map<String, String> start() {
        if (TestServerChoice.fromEnvironment("postgresql").kind() == TestServerChoice.Kind.TESTCONTAINERS) {
            PostgreSQLContainer container = running.track(new PostgreSQLContainer(POSTGRES_IMAGE)
                    .withDatabaseName(DATABASE));
            container.start();
            String hostAndPort = container.getHost() + ":" + container.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT);
            return Map.of(
                    "quarkus.datasource.jdbc.url", container.getJdbcUrl(),
                    "quarkus.datasource.reactive.url", "postgresql://" + hostAndPort + "/" + DATABASE,
                    "quarkus.datasource.username", container.getUsername(),
                    "quarkus.datasource.password", container.getPassword());
        }
        EmbeddedPostgresServer postgres = running.track(EmbeddedPostgresServer.start(DATABASE));
        return Map.of(
                "quarkus.datasource.jdbc.url", postgres.jdbcUrl(),
                "quarkus.datasource.reactive.url", postgres.reactiveUrl(),
                "quarkus.datasource.username", EmbeddedPostgresServer.USER,
                "quarkus.datasource.password", "");
    }

    @Override
    public void stop() {
        running.stop();
    }
}
