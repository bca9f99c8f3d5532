package dev.capplanner.reports.persistence;

import dev.capplanner.reports.shadow.GateCounts;
import dev.capplanner.reports.shadow.SummaryRow;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Aggregates over stored reports, computed in PostgreSQL: the summary per tenant and time bucket
 * (from the hourly rollup, see V6, and the reports of the window's partial hours), and the figures
 * of the promotion gate (one grouped scan of the tenant and time index), which count only comparisons
 * and call counts stored with their producer's verified seal (V9: rows from before have none).
 */
@ApplicationScoped
public class ReportAnalytics {

    private final Pool pool;

    public ReportAnalytics(Pool pool) {
        this.pool = pool;
    }

    /** A window's open ends: every report ever stored falls between these. */
    static final Instant BEGINNING = Instant.parse("1970-01-01T00:00:00Z");
    static final Instant END = Instant.parse("9999-01-01T00:00:00Z");

    /**
     * The counts behind the rates, per tenant, bucket and kind of comparison: whole hours from the
     * rollup, the window's partial first and last hours from the reports themselves.
     */
    private static final String SUMMARY_COUNTS = """
            SELECT u.tenant_id, date_trunc($8, u.at AT TIME ZONE 'UTC'), u.baseline, sum(u.reports)::BIGINT,
                   sum(u.agreed)::BIGINT, sum(u.fell_back)::BIGINT, sum(u.invalid_plans)::BIGINT,
                   sum(u.corrected)::BIGINT, sum(u.premature_avoided)::BIGINT
            FROM (
                SELECT h.tenant_id, h.hour AS at, h.baseline, h.reports, h.agreed, h.fell_back, h.invalid_plans,
                       h.corrected, h.premature_avoided
                FROM shadow_report_hourly h
                WHERE h.tenant_id = ANY($1) AND h.hour >= $2 AND h.hour < $3
                UNION ALL
                SELECT r.tenant_id, r.occurred_at, r.baseline, 1, r.agreement::INTEGER,
                       (r.fallback_reason IS NOT NULL)::INTEGER, r.invalid_plan::INTEGER, r.corrected::INTEGER,
                       r.premature_avoided::INTEGER
                FROM shadow_report r
                WHERE r.tenant_id = ANY($1) AND ((r.occurred_at >= $4 AND r.occurred_at < $5)
                                                 OR (r.occurred_at >= $6 AND r.occurred_at < $7))
            ) AS u
            GROUP BY 1, 2, 3
            """;

    /** The histograms behind the percentiles (capability comparisons only), assembled the same way. */
    private static final String SUMMARY_HISTOGRAMS = """
            SELECT u.tenant_id, date_trunc($8, u.at AT TIME ZONE 'UTC'), u.metric, u.bucket_low, u.bucket_high,
                   sum(u.count)::BIGINT
            FROM (
                SELECT g.tenant_id, g.hour AS at, g.metric, g.bucket_low, g.bucket_high, g.count
                FROM shadow_report_hourly_histogram g
                WHERE NOT g.baseline AND g.tenant_id = ANY($1) AND g.hour >= $2 AND g.hour < $3
                UNION ALL
                SELECT r.tenant_id, r.occurred_at, m.metric, shadow_report_bucket_low(m.value),
                       shadow_report_bucket_low(m.value) + shadow_report_bucket_width(greatest(m.value, 0)), 1
                FROM shadow_report r
                CROSS JOIN LATERAL (VALUES ('latency_ms', r.capability_latency_ms),
                                           ('prompt_tokens', r.prompt_tokens::BIGINT)) AS m(metric, value)
                WHERE NOT r.baseline AND m.value IS NOT NULL AND r.tenant_id = ANY($1)
                  AND ((r.occurred_at >= $4 AND r.occurred_at < $5) OR (r.occurred_at >= $6 AND r.occurred_at < $7))
            ) AS u
            GROUP BY 1, 2, 3, 4, 5
            """;

    /**
     * The gate's figures. A report's label is the newest of its run's iteration; the capability plan's
     * outcome and tools are read from the stored plan (tool names are never masked).
     */
    private static final String GATE = """
            SELECT count(*),
                   count(*) FILTER (WHERE r.invalid_plan),
                   count(*) FILTER (WHERE r.proposal_outside_route),
                   count(c.run_key) FILTER (WHERE c.planned_by = 'capability' AND c.denied > 0),
                   count(*) FILTER (WHERE r.capability_gave_up),
                   count(*) FILTER (WHERE NOT r.agreement),
                   count(*) FILTER (WHERE NOT r.agreement AND NOT r.reviewed),
                   count(*) FILTER (WHERE r.conversation_id LIKE :golden),
                   count(*) FILTER (WHERE r.conversation_id LIKE :golden AND (r.invalid_plan
                       OR (lb.expected_outcome IS NULL AND r.capability_gave_up)
                       OR (lb.expected_outcome = 'actions' AND p.outcome = 'insufficient')
                       OR (NOT r.agreement AND NOT EXISTS (SELECT 1 FROM shadow_report_review v
                           WHERE v.run_key = r.run_key AND v.iteration = r.iteration
                             AND v.verdict IN ('expected', 'improvement'))))),
                   count(*) FILTER (WHERE r.mode = 'shadow'),
                   count(c.run_key) FILTER (WHERE r.mode = 'shadow'),
                   count(c.run_key) FILTER (WHERE r.mode = 'shadow' AND c.planned_by <> 'classic'),
                   count(*) FILTER (WHERE lb.expected_outcome IS NULL AND r.capability_gave_up),
                   count(lb.expected_outcome),
                   count(*) FILTER (WHERE lb.expected_outcome = 'actions' AND p.outcome = 'insufficient'
                       AND NOT r.invalid_plan),
                   count(*) FILTER (WHERE lb.expected_outcome IS NOT NULL AND (p.outcome IS DISTINCT FROM lb.expected_outcome
                       OR (lb.expected_tools IS NOT NULL AND p.tools IS DISTINCT FROM lb.expected_tools::jsonb)))
            FROM shadow_report r
            LEFT JOIN shadow_report_calls c ON c.run_key = r.run_key AND c.iteration = r.iteration
                AND c.sealed_with IS NOT NULL
            LEFT JOIN LATERAL (SELECT l.expected_outcome, l.expected_tools FROM shadow_report_label l
                WHERE l.run_key = r.run_key AND l.iteration = r.iteration AND l.tenant_id = r.tenant_id
                ORDER BY l.id DESC LIMIT 1) lb ON TRUE
            CROSS JOIN LATERAL (SELECT r.capability_plan::jsonb ->> 'outcome' AS outcome,
                (SELECT coalesce(jsonb_agg(a.action -> 'tool' ORDER BY a.position), '[]'::jsonb)
                 FROM jsonb_array_elements(coalesce(r.capability_plan::jsonb -> 'actions', '[]'::jsonb))
                     WITH ORDINALITY AS a(action, position)) AS tools) p
            WHERE r.tenant_id = :tenant AND r.occurred_at >= :from AND r.occurred_at < :to AND NOT r.baseline
              AND r.sealed_with IS NOT NULL
            """;

    /**
     * Rates and percentiles per tenant and bucket over {@code [from, to)} (open ends when null).
     *
     * @param bucket {@code hour}, {@code day} or {@code week}
     */
    public Uni<List<SummaryRow>> summary(Set<String> tenants, Instant from, Instant to, String bucket) {
        SummaryWindow window = SummaryWindow.of(from == null ? BEGINNING : from, to == null ? END : to);
        Tuple parameters = Tuple.tuple(List.of(tenants.toArray(String[]::new), utc(window.rollupFrom()),
                utc(window.rollupTo()), utc(window.headFrom()), utc(window.headTo()), utc(window.tailFrom()),
                utc(window.tailTo()), bucket));
        return pool.preparedQuery(SUMMARY_COUNTS).execute(parameters)
                .chain(counts -> pool.preparedQuery(SUMMARY_HISTOGRAMS).execute(parameters)
                        .map(histograms -> SummaryAssembly.rows(counts, histograms)));
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
                        count(row[11]), count(row[12]), count(row[13]), count(row[14]), count(row[15])));
    }

    private static final String BUSIEST_TENANTS = """
            SELECT tenant_id FROM shadow_report_hourly WHERE hour >= $1
            GROUP BY tenant_id ORDER BY sum(reports) DESC, tenant_id LIMIT $2""";

    /** The tenants with the most reports since {@code from} (by the hourly rollup: whole hours), at most {@code limit}. */
    public Uni<List<String>> busiestTenants(Instant from, int limit) {
        return pool.preparedQuery(BUSIEST_TENANTS).execute(Tuple.of(utc(from.truncatedTo(ChronoUnit.HOURS)), limit))
                .map(rows -> {
                    List<String> tenants = new ArrayList<>();
                    rows.forEach(row -> tenants.add(row.getString(0)));
                    return tenants;
                });
    }

    private static OffsetDateTime utc(Instant value) {
        return value.atOffset(ZoneOffset.UTC);
    }

    private static OffsetDateTime time(Instant value, Instant otherwise) {
        return (value == null ? otherwise : value).atOffset(ZoneOffset.UTC);
    }

    private static long count(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }
}
