package dev.capplanner.eventbus.outage;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** What is waited out (the database away) and what is not (the database refusing the data). */
class DatabaseOutageTest {

    private static PgException state(String sqlState) {
        return new PgException("message", "ERROR", sqlState, null);
    }

    @Test
    void theDatabaseAwayIsAnOutageHoweverItIsWrapped() {
        assertThat(DatabaseOutage.is(state("55000"))).as("not accepting connections").isTrue();
        assertThat(DatabaseOutage.is(state("57P01"))).as("terminated by the administrator").isTrue();
        assertThat(DatabaseOutage.is(state("08006"))).as("connection failure").isTrue();
        assertThat(DatabaseOutage.is(state("53300"))).as("too many connections").isTrue();
        assertThat(DatabaseOutage.is(new CompletionException(new ConnectException("Connection refused")))).isTrue();
        assertThat(DatabaseOutage.is(new IllegalStateException("wrapped", state("57P03")))).isTrue();
    }

    @Test
    void aConnectionLostUnderAStatementIsAnOutage() {
        // As the Vert.x SQL client fails a statement whose session the server ended (pg_terminate_backend,
        // a restart): the first statement after the database went away, in LoadIT's db-outage run.
        assertThat(DatabaseOutage.is(new io.vertx.core.impl.NoStackTraceThrowable("Failed to read any response from"
                + " the server, the underlying connection may have been lost unexpectedly."))).isTrue();
        assertThat(DatabaseOutage.is(new io.vertx.core.impl.NoStackTraceThrowable(
                "Pending requests failed to be sent due to connection has been closed."))).isTrue();
        assertThat(DatabaseOutage.is(new IllegalStateException("Connection is not active now, current status: CLOSED")))
                .isTrue();
    }

    @Test
    void aRefusedWriteOrAnyOtherFailureIsNot() {
        assertThat(DatabaseOutage.is(state("23505"))).as("unique violation").isFalse();
        assertThat(DatabaseOutage.is(state("22021"))).as("a NUL character in text").isFalse();
        assertThat(DatabaseOutage.is(new IllegalArgumentException("bad"))).isFalse();
    }
}
