package dev.capplanner.reports.persistence;

import dev.capplanner.reports.report.GateCounts;
import dev.capplanner.reports.report.SummaryRow;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

/**
 * Aggregates over stored reports, computed in PostgreSQL (one grouped scan of the tenant and time
 * index): the summary per tenant and time bucket, and the figures of the promotion gate.
 */
@ApplicationScoped
public class ReportAnalytics {

    /** Sort memory for the summary's transaction only (the server default, 4 MB, spills a week of one tenant). */
    static final String SORT_MEMORY = "64MB";

    /** A window's open ends: every report ever stored falls between these. */
    static final Instant BEGINNING = Instant.parse("1970-01-01T00:00:00Z");
    static final Instant END = Instant.parse("9999-01-01T00:00:00Z");

    /**
     * A/A baseline comparisons are counted apart: their agreement rate is the noise floor, nothing else.
     * Both percentiles of a column come from one sort (the identical aggregate is computed once).
     */
    private static final String SUMMARY = """
            SELECT r.tenant_id, date_trunc(:bucket, r.occurred_at AT TIME ZONE 'UTC') AS bucket,
                   count(*) FILTER (WHERE NOT r.baseline),
                   avg(CASE WHEN r.agreement THEN 1.0 ELSE 0.0 END) FILTER (WHERE NOT r.baseline),
                   avg(CASE WHEN r.fallback_reason IS NOT NULL THEN 1.0 ELSE 0.0 END) FILTER (WHERE NOT r.baseline),
                   avg(CASE WHEN r.invalid_plan THEN 1.0 ELSE 0.0 END) FILTER (WHERE NOT r.baseline),
                   avg(CASE WHEN r.corrected THEN 1.0 ELSE 0.0 END) FILTER (WHERE NOT r.baseline),
                   count(*) FILTER (WHERE r.premature_avoided AND NOT r.baseline),
                   (percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY r.capability_latency_ms)
                       FILTER (WHERE NOT r.baseline))[1],
                   (percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY r.capability_latency_ms)
                       FILTER (WHERE NOT r.baseline))[2],
                   (percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY r.prompt_tokens)
                       FILTER (WHERE NOT r.baseline))[1],
                   (percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY r.prompt_tokens)
                       FILTER (WHERE NOT r.baseline))[2],
                   count(*) FILTER (WHERE r.baseline),
                   avg(CASE WHEN r.agreement THEN 1.0 ELSE 0.0 END) FILTER (WHERE r.baseline)
            FROM shadow_report r
            WHERE r.tenant_id IN (:tenants) AND r.occurred_at >= :from AND r.occurred_at < :to
            GROUP BY 1, 2 ORDER BY 1, 2
            """;

    private static final String GATE = """
            SELECT count(*),
                   count(*) FILTER (WHERE r.invalid_plan),
                   count(*) FILTER (WHERE r.proposal_outside_route),
                   count(c.run_id) FILTER (WHERE c.planned_by = 'capability' AND c.denied > 0),
                   count(*) FILTER (WHERE r.capability_gave_up),
                   count(*) FILTER (WHERE NOT r.agreement),
                   count(*) FILTER (WHERE NOT r.agreement AND NOT r.reviewed),
                   count(*) FILTER (WHERE r.conversation_id LIKE :golden),
                   count(*) FILTER (WHERE r.conversation_id LIKE :golden AND (r.invalid_plan OR r.capability_gave_up
                       OR (NOT r.agreement AND NOT EXISTS (SELECT 1 FROM shadow_report_review v
                           WHERE v.run_id = r.run_id AND v.iteration = r.iteration
                             AND v.verdict IN ('expected', 'improvement'))))),
                   count(*) FILTER (WHERE r.mode = 'shadow'),
                   count(c.run_id) FILTER (WHERE r.mode = 'shadow'),
                   count(c.run_id) FILTER (WHERE r.mode = 'shadow' AND c.planned_by <> 'classic')
            FROM shadow_report r
            LEFT JOIN shadow_report_calls c ON c.run_id = r.run_id AND c.iteration = r.iteration
            WHERE r.tenant_id = :tenant AND r.occurred_at >= :from AND r.occurred_at < :to AND NOT r.baseline
            """;

    /** @param bucket {@code hour}, {@code day} or {@code week} */
    public Uni<List<SummaryRow>> summary(Set<String> tenants, Instant from, Instant to, String bucket) {
        // The percentiles sort a bucket's rows; enough memory keeps a week of one tenant off the disk.
        return Panache.withTransaction(() -> Panache.getSession().chain(session -> session
                .createNativeQuery("SET LOCAL work_mem = '" + SORT_MEMORY + "'").executeUpdate()
                .chain(() -> session.createNativeQuery(SUMMARY, Object[].class)
                .setParameter("bucket", bucket).setParameter("tenants", List.copyOf(tenants))
                .setParameter("from", time(from, BEGINNING)).setParameter("to", time(to, END))
                .getResultList())))
                .map(rows -> rows.stream().map(ReportAnalytics::summaryRow).toList());
    }

    /** The promotion gate's figures for one tenant; conversations whose id starts with {@code goldenPrefix} are golden. */
    public Uni<GateCounts> gate(String tenant, Instant from, Instant to, String goldenPrefix) {
        String golden = goldenPrefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        return Panache.withSession(() -> Panache.getSession().chain(session -> session
                .createNativeQuery(GATE, Object[].class)
                .setParameter("tenant", tenant).setParameter("golden", golden)
                .setParameter("from", time(from, BEGINNING)).setParameter("to", time(to, END))
                .getSingleResult()))
                .map(row -> new GateCounts(count(row[0]), count(row[1]), count(row[2]), count(row[3]), count(row[4]),
                        count(row[5]), count(row[6]), count(row[7]), count(row[8]), count(row[9]), count(row[10]),
                        count(row[11])));
    }

    private static SummaryRow summaryRow(Object[] row) {
        return new SummaryRow((String) row[0], instant(row[1]), count(row[2]), rate(row[3]), rate(row[4]), rate(row[5]),
                rate(row[6]), count(row[7]), decimal(row[8]), decimal(row[9]), decimal(row[10]), decimal(row[11]),
                count(row[12]), row[13] == null ? null : rate(row[13]));
    }

    private static OffsetDateTime time(Instant value, Instant otherwise) {
        return (value == null ? otherwise : value).atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(Object value) {
        if (value instanceof java.time.LocalDateTime local) {
            return local.toInstant(ZoneOffset.UTC);
        }
        if (value instanceof OffsetDateTime offset) {
            return offset.toInstant();
        }
        return value instanceof Instant instant ? instant : Instant.parse(String.valueOf(value));
    }

    private static long count(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }

    private static double rate(Object value) {
        return value == null ? 0 : Math.round(((Number) value).doubleValue() * 10_000) / 10_000.0;
    }

    private static Double decimal(Object value) {
        return value == null ? null : ((Number) value).doubleValue();
    }
}
