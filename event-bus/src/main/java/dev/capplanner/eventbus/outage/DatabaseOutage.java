package dev.capplanner.eventbus.outage;

import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Tells the database being away (unreachable, restarting, refusing connections, out of resources:
 * wait and try again, {@link Outages}) from a write the database refuses (a constraint, bad data: no
 * retry helps). For the services that own a PostgreSQL database (snapshot, executor, reports); the
 * Vert.x SQL client classes it names are theirs, which is why event-bus only compiles against them.
 */
public final class DatabaseOutage {

    /**
     * How the clients word a connection that was refused or lost under a statement (the Vert.x SQL
     * client fails a statement whose connection the server ended with a message-only
     * {@code NoStackTraceThrowable}, e.g. "Failed to read any response from the server, the underlying
     * connection may have been lost unexpectedly").
     */
    private static final List<String> LOST_CONNECTION = List.of("connection refused", "connection is closed",
            "failed to connect", "connection may have been lost", "connection has been closed",
            "connection is not active");

    private DatabaseOutage() {
    }

    public static boolean is(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof PgException pg) {
                return outageState(pg.getSqlState());
            }
            if (cause instanceof IOException || cause instanceof ClosedConnectionException) {
                return true;
            }
            String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
            if (LOST_CONNECTION.stream().anyMatch(message::contains)) {
                return true;
            }
        }
        return false;
    }

    /**
     * SQLSTATE classes 08 (connection), 53 (insufficient resources), 57P (shutdown, crash, cannot
     * connect now), and 55000 (the database does not accept connections, e.g. during maintenance).
     */
    private static boolean outageState(String state) {
        return state != null && (state.startsWith("08") || state.startsWith("53") || state.startsWith("57P")
                || state.equals("55000"));
    }
}
