package dev.capplanner.reports.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.reports.persistence.ReportWrites.KeyedReport;
import dev.capplanner.reports.shadow.ReportSignals;
import dev.capplanner.reports.shadow.ShadowReport;
import io.vertx.mutiny.sqlclient.Tuple;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The columns a report is written to, each with its SQL type and how its value is read from the
 * report: one table from which the INSERT's column list, its {@code unnest} parameter types and the
 * values are all made, so they can never fall out of step. {@link ShadowReportEntity} reads the same
 * table; a test holds the two to the same columns.
 */
final class ReportColumns {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One column: its name, the SQL type of its parameter array, and its value for one report. */
    record Column(String name, String sqlType, Class<?> javaType, Function<KeyedReport, Object> value) {
    }

    static final List<Column> WRITTEN = List.of(
            text("event_id", "VARCHAR", keyed -> keyed.report().eventId()),
            text("run_id", "VARCHAR", keyed -> keyed.report().runId()),
            text("run_key", "VARCHAR", KeyedReport::runKey),
            new Column("iteration", "INTEGER", Integer.class, keyed -> keyed.report().iteration()),
            text("turn_id", "VARCHAR", keyed -> keyed.report().turnId()),
            text("conversation_id", "VARCHAR", keyed -> keyed.report().conversationId()),
            text("tenant_id", "VARCHAR", keyed -> keyed.report().tenantId()),
            text("project_id", "VARCHAR", keyed -> keyed.report().projectId()),
            text("mode", "VARCHAR", keyed -> keyed.report().mode()),
            time("occurred_at", keyed -> keyed.report().occurredAt()),
            time("stored_at", keyed -> keyed.report().storedAt()),
            text("snapshot_hash", "VARCHAR", keyed -> keyed.report().snapshotHash()),
            new Column("snapshot_size_bytes", "BIGINT", Long.class, keyed -> keyed.report().snapshotSizeBytes()),
            text("question", "TEXT", keyed -> keyed.report().question()),
            text("candidates", "TEXT", keyed -> json(keyed.report().candidates())),
            text("classic_plan", "TEXT", keyed -> json(keyed.report().classicPlan())),
            text("capability_plan", "TEXT", keyed -> json(keyed.report().capabilityPlan())),
            flag("agreement", keyed -> keyed.report().agreement()),
            new Column("capability_latency_ms", "BIGINT", Long.class, keyed -> keyed.report().capabilityLatencyMs()),
            text("fallback_reason", "TEXT", keyed -> keyed.report().fallbackReason()),
            new Column("prompt_tokens", "INTEGER", Integer.class, keyed -> keyed.report().promptTokens()),
            text("planner_note", "TEXT", keyed -> keyed.report().plannerNote()),
            text("divergence_kind", "VARCHAR", keyed -> signals(keyed).divergenceKind()),
            flag("corrected", keyed -> signals(keyed).corrected()),
            flag("invalid_plan", keyed -> signals(keyed).invalidPlan()),
            flag("premature_avoided", keyed -> signals(keyed).prematureAvoided()),
            flag("capability_gave_up", keyed -> signals(keyed).capabilityGaveUp()),
            flag("proposal_outside_route", keyed -> signals(keyed).proposalOutsideRoute()),
            flag("baseline", keyed -> signals(keyed).baseline()),
            text("sealed_with", "VARCHAR", KeyedReport::sealedWith));

    private ReportColumns() {
    }

    /** {@code INSERT INTO shadow_report (columns) SELECT * FROM unnest($1::TYPE[], ...)}. */
    static String insertFromArrays() {
        String names = WRITTEN.stream().map(Column::name).collect(Collectors.joining(", "));
        String arrays = IntStream.range(0, WRITTEN.size())
                .mapToObj(i -> "$" + (i + 1) + "::" + WRITTEN.get(i).sqlType() + "[]")
                .collect(Collectors.joining(", "));
        return "INSERT INTO shadow_report (" + names + ") SELECT * FROM unnest(" + arrays + ")";
    }

    /** The reports as one array a column, in the column order of {@link #insertFromArrays()}. */
    static Tuple arrays(List<KeyedReport> keyed) {
        return Tuple.tuple(WRITTEN.stream().map(column -> {
            Object values = Array.newInstance(column.javaType(), keyed.size());
            for (int i = 0; i < keyed.size(); i++) {
                Array.set(values, i, column.value().apply(keyed.get(i)));
            }
            return (Object) values;
        }).toList());
    }

    /** A report built without signals (none computed) still says whether it diverges. */
    private static ReportSignals signals(KeyedReport keyed) {
        ShadowReport report = keyed.report();
        return report.signals() != null ? report.signals() : new ReportSignals(
                report.agreement() ? "none" : "unclassified", false, false, false, false, false, false);
    }

    private static Column text(String name, String sqlType, Function<KeyedReport, Object> value) {
        return new Column(name, sqlType, String.class, value);
    }

    private static Column flag(String name, Function<KeyedReport, Object> value) {
        return new Column(name, "BOOLEAN", Boolean.class, value);
    }

    private static Column time(String name, Function<KeyedReport, java.time.Instant> value) {
        return new Column(name, "TIMESTAMPTZ", OffsetDateTime.class,
                keyed -> value.apply(keyed).atOffset(ZoneOffset.UTC));
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
