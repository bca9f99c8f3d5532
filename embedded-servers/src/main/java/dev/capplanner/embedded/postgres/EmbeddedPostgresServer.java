package dev.capplanner.embedded.postgres;

import dev.capplanner.embedded.LoopbackPorts;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A real PostgreSQL server from the binaries of io.zonky.test (a Maven artifact per platform:
 * {@link PostgresPlatform}): no Docker, no system install. It creates one application database and
 * removes its data on close.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    public static final String USER = "postgres";

    private final EmbeddedPostgres postgres;
    private final String database;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, String database) {
        this.postgres = postgres;
        this.database = database;
    }

    public static EmbeddedPostgresServer start(String database) {
        return start(0, null, database);
    }

    /**
     * @param port    the server port, or 0 for a free one (PostgreSQL cannot bind port 0 itself, so
     *                one is picked and the start retried if it is taken meanwhile)
     * @param workDir where the binaries and data go (a fresh temporary directory when null)
     */
    public static EmbeddedPostgresServer start(int port, Path workDir, String database) {
        // Said before anything is unpacked: which platforms have binaries, and what to do elsewhere.
        PostgresPlatform.current();
        Path dir;
        try {
            dir = workDir == null ? Files.createTempDirectory("capplanner-pg-") : Files.createDirectories(workDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a PostgreSQL directory", e);
        }
        EmbeddedPostgres postgres = LoopbackPorts.startOn(port, chosen -> startPostgres(chosen, dir));
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE \"" + database.replace("\"", "") + "\"");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + database, e);
        }
        return new EmbeddedPostgresServer(postgres, database);
    }

    private static EmbeddedPostgres startPostgres(int port, Path dir) {
        try {
            return EmbeddedPostgres.builder()
                    .setPort(port)
                    .setOverrideWorkingDirectory(dir.toFile())
                    .setCleanDataDirectory(true)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start embedded PostgreSQL on port " + port, e);
        }
    }

    /**
     * An outage as the application sees it: with {@code accepting} false the application database
     * refuses every new session (SQLSTATE 55000) and the open ones are ended; with true it takes them
     * again. The server itself keeps running, so its data and port stay as they were.
     */
    public void acceptConnections(boolean accepting) {
        try (Connection admin = postgres.getPostgresDatabase().getConnection();
             Statement statement = admin.createStatement()) {
            statement.execute("ALTER DATABASE \"" + database.replace("\"", "") + "\" ALLOW_CONNECTIONS " + accepting);
            if (!accepting) {
                statement.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"
                        + database.replace("'", "") + "' AND pid <> pg_backend_pid()");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot switch connections to database " + database, e);
        }
    }

    /** Answers a query over the application database whose one row's first column is a number, e.g. a count. */
    public long queryForLong(String query) {
        try (Connection connection = postgres.getDatabase(USER, database).getConnection()) {
            return queryForLong(connection, query);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot query database " + database + ": " + e.getMessage(), e);
        }
    }

    /** The first column of the one row a query over this connection answers, e.g. a count. */
    public static long queryForLong(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(query)) {
            if (!rows.next()) {
                throw new IllegalStateException("no row for: " + query);
            }
            return rows.getLong(1);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    public String database() {
        return database;
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    /** The URL form of the Vert.x reactive PostgreSQL client. */
    public String reactiveUrl() {
        return "postgresql://127.0.0.1:" + port() + "/" + database;
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
