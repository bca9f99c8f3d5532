package dev.capplanner.testing.quarkus;

import dev.capplanner.embedded.postgres.EmbeddedPostgresServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Starts a real embedded PostgreSQL for a {@code @QuarkusTest}: both JDBC (migrations) and reactive URLs. */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    private EmbeddedPostgresServer postgres;

    @Override
    public Map<String, String> start() {
        postgres = EmbeddedPostgresServer.start("capplanner");
        return Map.of(
                "quarkus.datasource.jdbc.url", postgres.jdbcUrl(),
                "quarkus.datasource.reactive.url", postgres.reactiveUrl(),
                "quarkus.datasource.username", EmbeddedPostgresServer.USER,
                "quarkus.datasource.password", "");
    }

    @Override
    public void stop() {
        if (postgres != null) {
            postgres.close();
        }
    }
}
