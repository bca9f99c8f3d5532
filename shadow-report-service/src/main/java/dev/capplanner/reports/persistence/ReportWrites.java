package dev.capplanner.reports.persistence;

import dev.capplanner.reports.shadow.ShadowReport;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

/**
 * Stores reports a batch at a time and deletes them, keeping the hourly rollup in step, each in one
 * statement on the reactive client: the rows travel as one array per column, a redelivered report
 * (same run, as the suite keys it, and iteration, or same event id) is skipped by the database, and only the rows really
 * inserted (or deleted) are rolled up ({@code shadow_report_roll_up}, V6). One statement means one
 * round trip and one commit per batch, where a row at a time paid both for every report.
 */
@ApplicationScoped
public class ReportWrites {

    private static final String INSERT = """
            WITH changed AS (
                %s
                ON CONFLICT DO NOTHING
                RETURNING shadow_report AS report
            ), rolled AS MATERIALIZED (
                SELECT shadow_report_roll_up(array_agg(c.report), 1) FROM changed c
            )
            SELECT (c.report).run_key, (c.report).iteration FROM changed c CROSS JOIN rolled
            """.formatted(ReportColumns.insertFromArrays());

    private static final String DELETE_STORED_BEFORE = """
            WITH gone AS (
                DELETE FROM shadow_report WHERE stored_at < $1 RETURNING shadow_report AS report
            ), rolled AS MATERIALIZED (
                SELECT shadow_report_roll_up(array_agg(g.report), -1) FROM gone g
            )
            SELECT count(*) FROM gone CROSS JOIN rolled
            """;

    private final Pool pool;

    public ReportWrites(Pool pool) {
        this.pool = pool;
    }

    /**
     * A report with the suite's key of its run ({@code RunIdentity}, what makes it a duplicate) and the
     * id of the key that sealed its comparison (what the promotion gate requires).
     */
    public record KeyedReport(String runKey, String sealedWith, ShadowReport report) {
    }

    /** Stores the reports not stored yet; the run key and iteration of each one stored now. */
    public Uni<Set<RunIteration>> storeAll(List<KeyedReport> keyed) {
        if (keyed.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        return pool.withTransaction(connection -> connection.preparedQuery(INSERT).execute(ReportColumns.arrays(keyed)))
                .map(rows -> {
                    Set<RunIteration> stored = new java.util.HashSet<>();
                    for (Row row : rows) {
                        stored.add(new RunIteration(row.getString(0), row.getInteger(1)));
                    }
                    return stored;
                });
    }

    /** Deletes the reports stored before {@code cutoff} (and their share of the rollup); how many went. */
    public Uni<Long> deleteStoredBefore(Instant cutoff) {
        return pool.withTransaction(connection -> connection.preparedQuery(DELETE_STORED_BEFORE)
                        .execute(Tuple.of(cutoff.atOffset(ZoneOffset.UTC))))
                .map(rows -> rows.iterator().next().getLong(0));
    }
}
