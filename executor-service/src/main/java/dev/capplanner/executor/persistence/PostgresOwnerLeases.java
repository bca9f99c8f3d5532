package dev.capplanner.executor.persistence;

import dev.capplanner.executor.invocation.OwnerLease;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * The executors' leases in PostgreSQL (table {@code executor_owner}, one row per process): this
 * process renews its own, and the call ledger reads the others' to tell a call being made from one
 * whose maker died.
 */
public final class PostgresOwnerLeases {

    private static final Logger LOG = Logger.getLogger(PostgresOwnerLeases.class);

    private static final String RENEW = "insert into executor_owner (owner, renewed_at) values ($1, now())"
            + " on conflict (owner) do update set renewed_at = now()";
    private static final String FORGET = "delete from executor_owner where renewed_at < now() - ($1 * interval '1 millisecond')";

    private final Pool pool;
    private final OwnerLease lease;
    private volatile boolean renewing;
    private volatile boolean lapsedLogged;

    public PostgresOwnerLeases(Pool pool, OwnerLease lease) {
        this.pool = pool;
        this.lease = lease;
    }

    /** Renews this process's lease; a failed renewal is logged once until one succeeds again. */
    public Uni<Void> renew() {
        long started = System.nanoTime();
        return pool.preparedQuery(RENEW).execute(Tuple.of(lease.owner()))
                .invoke(() -> {
                    lease.renewed(started);
                    if (lapsedLogged) {
                        lapsedLogged = false;
                        LOG.infof("executor_lease_renewed owner=%s", lease.owner());
                    }
                })
                .onFailure().invoke(failure -> {
                    if (!lapsedLogged) {
                        lapsedLogged = true;
                        LOG.warnf("executor_lease_not_renewed owner=%s error=%s (calls stop if it lapses)",
                                lease.owner(), failure.getClass().getSimpleName());
                    }
                })
                .replaceWithVoid();
    }

    /** One renewal at a time: a renewal still waiting on the database is not stacked with another. */
    public void renewUnlessRenewing() {
        if (renewing) {
            return;
        }
        renewing = true;
        renew().onTermination().invoke(() -> renewing = false).subscribe().with(done -> { }, failed -> { });
    }

    /** Forgets processes whose lease lapsed longer ago than {@code retention}; answers how many. */
    public Uni<Integer> forgetOlderThan(Duration retention) {
        return pool.preparedQuery(FORGET).execute(Tuple.of(retention.toMillis())).map(RowSet::rowCount);
    }
}
