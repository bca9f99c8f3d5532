package dev.capplanner.executor.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.eventbus.outage.DatabaseOutage;
import dev.capplanner.eventbus.outage.Outages;
import dev.capplanner.executor.execution.CallLedger;
import dev.capplanner.executor.invocation.OwnerLease;
import dev.capplanner.executor.invocation.ToolResponse;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * The call ledger in PostgreSQL (table {@code executor_call}). A claim is one upsert: it inserts the
 * row with this process as its owner, or takes over a claim whose owner's lease has lapsed (the
 * process died mid-call: {@link PostgresOwnerLeases}) or, for a claim without an owner, that is older
 * than {@code staleAfter}; otherwise the row says the call is done (with its response) or being made.
 * Every replica shares the ledger, so a redelivery to another replica finds the call too. A claim
 * taken over is reported ({@code takenOver}): a replica that died or stalled mid-call.
 */
public final class PostgresCallLedger implements CallLedger {

    private static final Logger LOG = Logger.getLogger(PostgresCallLedger.class);

    private static final String CLAIM = """
            insert into executor_call (run_key, iteration, action_id, state, claimed_at, owner)
            values ($1, $2, $3, 'claimed', now(), $5)
            on conflict (run_key, iteration, action_id) do update set claimed_at = now(), owner = $5
                where executor_call.state = 'claimed'
                  and (executor_call.claimed_at < now() - ($4 * interval '1 millisecond')
                       or (executor_call.owner is not null and not exists (
                           select 1 from executor_owner o where o.owner = executor_call.owner
                              and o.renewed_at > now() - ($6 * interval '1 millisecond'))))
            returning (xmax = 0) as inserted""";
    private static final String FIND = "select state, response from executor_call where run_key = $1 and iteration = $2"
            + " and action_id = $3";
    private static final String RECORD = "update executor_call set state = 'done', done_at = now(), response = $4"
            + " where run_key = $1 and iteration = $2 and action_id = $3";
    private static final String FORGET = "delete from executor_call where claimed_at"
            + " < now() - ($1 * interval '1 millisecond')";

    private final Pool pool;
    private final Duration staleAfter;
    private final OwnerLease lease;
    private final Runnable takenOver;
    private final ObjectMapper json = new ObjectMapper();

    /**
     * @param staleAfter when a claim made before claims had owners counts as abandoned
     * @param lease      this process's lease: its owner name goes on every claim, its length says when
     *                   another owner's claim is abandoned
     */
    public PostgresCallLedger(Pool pool, Duration staleAfter, OwnerLease lease) {
        this(pool, staleAfter, lease, () -> { });
    }

    /** @param takenOver told of each claim this process took over from another (or from no) owner */
    public PostgresCallLedger(Pool pool, Duration staleAfter, OwnerLease lease, Runnable takenOver) {
        this.pool = pool;
        this.staleAfter = staleAfter;
        this.lease = lease;
        this.takenOver = takenOver;
    }

    @Override
    public CompletionStage<Claim> claim(CallKey key) {
        Uni<Claim> claim = pool.preparedQuery(CLAIM).execute(Tuple.from(List.of(key.runKey(), key.iteration(),
                        key.actionId(), staleAfter.toMillis(), lease.owner(), lease.length().toMillis())))
                .chain(claimed -> claimed.rowCount() == 1 ? Uni.createFrom().item(granted(claimed))
                        : pool.preparedQuery(FIND).execute(Tuple.of(key.runKey(), key.iteration(), key.actionId()))
                                .map(this::existing));
        return waitingOutAnOutage(claim, key).subscribeAsCompletionStage();
    }

    @Override
    public CompletionStage<Void> record(CallKey key, ToolResponse response) {
        return waitingOutAnOutage(pool.preparedQuery(RECORD).execute(Tuple.of(key.runKey(), key.iteration(),
                        key.actionId(), write(response))).replaceWithVoid(), key).subscribeAsCompletionStage();
    }

    /**
     * While PostgreSQL is away a claim or a record waits and is tried again, never failed: a failed
     * claim would end the turn, and a result made but not recorded would be made again on redelivery.
     * Both statements are idempotent, so trying again is safe.
     */
    static <T> Uni<T> waitingOutAnOutage(Uni<T> statement, CallKey key) {
        return Outages.waitOut(statement, DatabaseOutage::is, LOG, "executor_store_unavailable", key.runKey());
    }

    /** Forgets calls claimed longer ago than {@code retention}; answers how many. */
    public Uni<Integer> forgetOlderThan(Duration retention) {
        return pool.preparedQuery(FORGET).execute(Tuple.of(retention.toMillis())).map(RowSet::rowCount);
    }

    private Claim granted(RowSet<Row> claimed) {
        if (!Boolean.TRUE.equals(claimed.iterator().next().getBoolean("inserted"))) {
            takenOver.run();
        }
        return new Claim.Granted();
    }

    private Claim existing(RowSet<Row> rows) {
        if (rows.rowCount() == 0) {
            // Forgotten between the two statements (retention): nobody holds it, so it may be made.
            return new Claim.Granted();
        }
        Row row = rows.iterator().next();
        return "done".equals(row.getString("state")) ? new Claim.Recorded(read(row.getString("response")))
                : new Claim.Busy();
    }

    private String write(ToolResponse response) {
        try {
            return json.writeValueAsString(response);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool response that is not JSON", e);
        }
    }

    private ToolResponse read(String stored) {
        try {
            return json.readValue(stored, ToolResponse.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a recorded call the ledger cannot read", e);
        }
    }
}
