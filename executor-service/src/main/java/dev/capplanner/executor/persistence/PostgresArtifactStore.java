package dev.capplanner.executor.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.executor.execution.ArtifactStore;
import dev.capplanner.executor.execution.CallLedger;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Selectable artifacts in PostgreSQL (table {@code executor_artifact}): a handle of 128 random bits,
 * one artifact per call (a redelivery finds the handle it was kept under), read back only by the
 * tenant, conversation and user it belongs to and only until it expires; any other scope, and an
 * expired artifact, finds nothing, exactly as an unknown handle.
 */
public final class PostgresArtifactStore implements ArtifactStore {

    private static final String KEEP = """
            insert into executor_artifact (handle, run_key, iteration, action_id, tenant_id, conversation_id, user_id,
                                           tool, collection_path, row_count, rows, created_at, entity)
            values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), $12)
            on conflict (run_key, iteration, action_id) do nothing""";
    private static final String HANDLE_OF = "select handle from executor_artifact where run_key = $1 and iteration = $2"
            + " and action_id = $3";
    private static final String READ = "select tool, entity, collection_path, row_count, rows from executor_artifact"
            + " where handle = $1 and tenant_id = $2 and conversation_id = $3 and user_id = $4"
            + " and created_at > now() - ($5 * interval '1 millisecond')";
    private static final String FORGET = "delete from executor_artifact where created_at"
            + " < now() - ($1 * interval '1 millisecond')";
    private static final TypeReference<List<Object>> ROWS = new TypeReference<>() { };

    private final Pool pool;
    private final Duration lifetime;
    private final SecureRandom random = new SecureRandom();
    private final ObjectMapper json = new ObjectMapper();

    /** @param lifetime how long an artifact is readable after it was kept (it is forgotten later) */
    public PostgresArtifactStore(Pool pool, Duration lifetime) {
        this.pool = pool;
        this.lifetime = lifetime;
    }

    /** An artifact as its owner reads it: a chosen row is a selection of {@code entity} from {@code tool}. */
    public record StoredArtifact(String handle, String tool, String entity, String collectionPath, int rowCount,
                                 List<Object> rows) {
    }

    @Override
    public CompletionStage<String> keep(CallLedger.CallKey key, Scope scope, Source source, String collectionPath,
                                        List<Object> rows) {
        byte[] bits = new byte[16];
        random.nextBytes(bits);
        String handle = "art_" + HexFormat.of().formatHex(bits);
        Uni<String> kept = pool.preparedQuery(KEEP).execute(Tuple.from(java.util.Arrays.asList(handle, key.runKey(),
                        key.iteration(), key.actionId(), scope.tenantId(), scope.conversationId(), scope.userId(),
                        source.tool(),
                        collectionPath, rows.size(), write(rows), source.entity())))
                .chain(() -> pool.preparedQuery(HANDLE_OF).execute(Tuple.of(key.runKey(), key.iteration(), key.actionId())))
                .map(found -> found.iterator().next().getString("handle"));
        // Kept once per run, iteration and action whatever the handle: trying again after an outage is safe.
        return PostgresCallLedger.waitingOutAnOutage(kept, key).subscribeAsCompletionStage();
    }

    /** The artifact, when the handle is this user's in this tenant's conversation and alive; empty otherwise. */
    public Uni<Optional<StoredArtifact>> read(String handle, Scope scope) {
        return pool.preparedQuery(READ).execute(Tuple.of(handle, scope.tenantId(), scope.conversationId(),
                        scope.userId(), lifetime.toMillis()))
                .map(rows -> rows.rowCount() == 0 ? Optional.empty() : Optional.of(artifact(handle, rows)));
    }

    /** Forgets artifacts kept longer ago than {@code retention}; answers how many. */
    public Uni<Integer> forgetOlderThan(Duration retention) {
        return pool.preparedQuery(FORGET).execute(Tuple.of(retention.toMillis())).map(RowSet::rowCount);
    }

    private StoredArtifact artifact(String handle, RowSet<Row> rows) {
        Row row = rows.iterator().next();
        try {
            return new StoredArtifact(handle, row.getString("tool"), row.getString("entity"), row.getString("collection_path"),
                    row.getInteger("row_count"), json.readValue(row.getString("rows"), ROWS));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an artifact the store cannot read", e);
        }
    }

    private String write(List<Object> rows) {
        try {
            return json.writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("rows that are not JSON", e);
        }
    }
}
