package dev.capplanner.reports.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.reports.shadow.ReportSignals;
import dev.capplanner.reports.shadow.ShadowReport;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

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
                INSERT INTO shadow_report (event_id, run_id, run_key, iteration, turn_id, conversation_id, tenant_id, project_id,
                    mode, occurred_at, stored_at, snapshot_hash, snapshot_size_bytes, question, candidates, classic_plan,
                    capability_plan, agreement, capability_latency_ms, fallback_reason, prompt_tokens, planner_note,
                    divergence_kind, corrected, invalid_plan, premature_avoided, capability_gave_up,
                    proposal_outside_route, baseline, sealed_with)
                SELECT * FROM unnest($1::VARCHAR[], $2::VARCHAR[], $3::VARCHAR[], $4::INTEGER[], $5::VARCHAR[],
                    $6::VARCHAR[], $7::VARCHAR[], $8::VARCHAR[], $9::VARCHAR[], $10::TIMESTAMPTZ[], $11::TIMESTAMPTZ[],
                    $12::VARCHAR[], $13::BIGINT[], $14::TEXT[], $15::TEXT[], $16::TEXT[], $17::TEXT[], $18::BOOLEAN[],
                    $19::BIGINT[], $20::TEXT[], $21::INTEGER[], $22::TEXT[], $23::VARCHAR[], $24::BOOLEAN[],
                    $25::BOOLEAN[], $26::BOOLEAN[], $27::BOOLEAN[], $28::BOOLEAN[], $29::BOOLEAN[],
                    $30::VARCHAR[])
                ON CONFLICT DO NOTHING
                RETURNING shadow_report AS report
            ), rolled AS MATERIALIZED (
                SELECT shadow_report_roll_up(array_agg(c.report), 1) FROM changed c
            )
            SELECT (c.report).run_key, (c.report).iteration FROM changed c CROSS JOIN rolled
            """;

    private static final String DELETE_STORED_BEFORE = """
            WITH gone AS (
                DELETE FROM shadow_report WHERE stored_at < $1 RETURNING shadow_report AS report
            ), rolled AS MATERIALIZED (
                SELECT shadow_report_roll_up(array_agg(g.report), -1) FROM gone g
            )
            SELECT count(*) FROM gone CROSS JOIN rolled
            """;

    private final ObjectMapper json = new ObjectMapper();
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
        return pool.withTransaction(connection -> connection.preparedQuery(INSERT).execute(columns(keyed)))
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

    private Tuple columns(List<KeyedReport> keyed) {
        List<ShadowReport> reports = keyed.stream().map(KeyedReport::report).toList();
        List<ReportSignals> signals = reports.stream().map(ReportWrites::signalsOf).toList();
        return Tuple.tuple(List.of(
                strings(reports, ShadowReport::eventId), strings(reports, ShadowReport::runId),
                keyed.stream().map(KeyedReport::runKey).toArray(String[]::new),
                reports.stream().map(ShadowReport::iteration).toArray(Integer[]::new),
                strings(reports, ShadowReport::turnId), strings(reports, ShadowReport::conversationId),
                strings(reports, ShadowReport::tenantId), strings(reports, ShadowReport::projectId),
                strings(reports, ShadowReport::mode), times(reports, ShadowReport::occurredAt),
                times(reports, ShadowReport::storedAt), strings(reports, ShadowReport::snapshotHash),
                reports.stream().map(ShadowReport::snapshotSizeBytes).toArray(Long[]::new),
                strings(reports, ShadowReport::question), strings(reports, r -> write(r.candidates())),
                strings(reports, r -> write(r.classicPlan())), strings(reports, r -> write(r.capabilityPlan())),
                booleans(reports, ShadowReport::agreement),
                reports.stream().map(ShadowReport::capabilityLatencyMs).toArray(Long[]::new),
                strings(reports, ShadowReport::fallbackReason),
                reports.stream().map(ShadowReport::promptTokens).toArray(Integer[]::new),
                strings(reports, ShadowReport::plannerNote),
                signals.stream().map(ReportSignals::divergenceKind).toArray(String[]::new),
                signals.stream().map(ReportSignals::corrected).toArray(Boolean[]::new),
                signals.stream().map(ReportSignals::invalidPlan).toArray(Boolean[]::new),
                signals.stream().map(ReportSignals::prematureAvoided).toArray(Boolean[]::new),
                signals.stream().map(ReportSignals::capabilityGaveUp).toArray(Boolean[]::new),
                signals.stream().map(ReportSignals::proposalOutsideRoute).toArray(Boolean[]::new),
                signals.stream().map(ReportSignals::baseline).toArray(Boolean[]::new),
                keyed.stream().map(KeyedReport::sealedWith).toArray(String[]::new)));
    }

    /** A report built without signals (none computed) still says whether it diverges. */
    private static ReportSignals signalsOf(ShadowReport report) {
        return report.signals() != null ? report.signals() : new ReportSignals(
                report.agreement() ? "none" : "unclassified", false, false, false, false, false, false);
    }

    private static String[] strings(List<ShadowReport> reports, Function<ShadowReport, String> column) {
        return reports.stream().map(column).toArray(String[]::new);
    }

    private static Boolean[] booleans(List<ShadowReport> reports, Function<ShadowReport, Boolean> column) {
        return reports.stream().map(column).toArray(Boolean[]::new);
    }

    private static OffsetDateTime[] times(List<ShadowReport> reports, Function<ShadowReport, Instant> column) {
        return reports.stream().map(r -> column.apply(r).atOffset(ZoneOffset.UTC)).toArray(OffsetDateTime[]::new);
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
