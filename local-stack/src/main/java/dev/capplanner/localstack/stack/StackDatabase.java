package dev.capplanner.localstack.stack;

import dev.capplanner.embedded.postgres.EmbeddedPostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;

/** The PostgreSQL the services share: the stack's own, or one it was pointed at ({@link ExternalServers}). */
interface StackDatabase extends AutoCloseable {

    String jdbcUrl();

    /** The URL form of the Vert.x reactive PostgreSQL client. */
    String reactiveUrl();

    String user();

    Optional<String> password();

    /** Its port (where a load run looks for the server's process). */
    int port();

    /** Answers a query whose one row's first column is a number, e.g. a count. */
    long queryForLong(String query);

    /** Refuses (or accepts again) every session: a fault only the stack's own database takes. */
    void acceptConnections(boolean accepting);

    @Override
    void close();

    static StackDatabase embedded(EmbeddedPostgresServer server) {
        return new StackDatabase() {
            @Override
            public String jdbcUrl() {
                return server.jdbcUrl();
            }

            @Override
            public String reactiveUrl() {
                return server.reactiveUrl();
            }

            @Override
            public String user() {
                return EmbeddedPostgresServer.USER;
            }

            @Override
            public Optional<String> password() {
                return Optional.empty();
            }

            @Override
            public int port() {
                return server.port();
            }

            @Override
            public long queryForLong(String query) {
                return server.queryForLong(query);
            }

            @Override
            public void acceptConnections(boolean accepting) {
                server.acceptConnections(accepting);
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }

    /** A database the stack neither started nor stops; its schema the services migrate as they start. */
    static StackDatabase external(ExternalServers.Database database) {
        return new StackDatabase() {
            @Override
            public String jdbcUrl() {
                return database.jdbcUrl();
            }

            @Override
            public String reactiveUrl() {
                return database.reactiveUrl();
            }

            @Override
            public String user() {
                return database.user();
            }

            @Override
            public Optional<String> password() {
                return Optional.ofNullable(database.password());
            }

            @Override
            public int port() {
                return database.port();
            }

            @Override
            public long queryForLong(String query) {
                try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                        database.password())) {
                    return EmbeddedPostgresServer.queryForLong(connection, query);
                } catch (SQLException e) {
                    throw new IllegalStateException("cannot query " + database.reactiveUrl() + ": " + e.getMessage(), e);
                }
            }

            @Override
            public void acceptConnections(boolean accepting) {
                throw new UnsupportedOperationException("a database outage needs the stack's own PostgreSQL"
                        + " (no --postgres-url)");
            }

            @Override
            public void close() {
                // Not the stack's to stop.
            }
        };
    }
}
