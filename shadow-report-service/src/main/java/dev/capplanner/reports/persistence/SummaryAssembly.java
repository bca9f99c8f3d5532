package dev.capplanner.reports.persistence;

import dev.capplanner.reports.shadow.Histogram;
import dev.capplanner.reports.shadow.SummaryRow;
import io.vertx.mutiny.sqlclient.Row;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The summary's rows from the grouped counts and histograms of {@link ReportAnalytics}. */
final class SummaryAssembly {

    static final String LATENCY = "latency_ms";
    static final String PROMPT_TOKENS = "prompt_tokens";

    private SummaryAssembly() {
    }

    private record Key(String tenantId, Instant bucket) {
    }

    /** What one tenant's bucket adds up to, capability comparisons and A/A baseline apart. */
    private static final class Bucket {
        long reports;
        long agreed;
        long fellBack;
        long invalidPlans;
        long corrected;
        long prematureAvoided;
        long baselineReports;
        long baselineAgreed;
        final Histogram latency = new Histogram();
        final Histogram promptTokens = new Histogram();
    }

    static List<SummaryRow> rows(Iterable<Row> counts, Iterable<Row> histograms) {
        Map<Key, Bucket> buckets = new TreeMap<>(Comparator.comparing(Key::tenantId).thenComparing(Key::bucket));
        for (Row row : counts) {
            Bucket bucket = buckets.computeIfAbsent(key(row), k -> new Bucket());
            if (row.getBoolean(2)) {
                bucket.baselineReports += row.getLong(3);
                bucket.baselineAgreed += row.getLong(4);
            } else {
                bucket.reports += row.getLong(3);
                bucket.agreed += row.getLong(4);
                bucket.fellBack += row.getLong(5);
                bucket.invalidPlans += row.getLong(6);
                bucket.corrected += row.getLong(7);
                bucket.prematureAvoided += row.getLong(8);
            }
        }
        for (Row row : histograms) {
            Bucket bucket = buckets.computeIfAbsent(key(row), k -> new Bucket());
            Histogram histogram = LATENCY.equals(row.getString(2)) ? bucket.latency : bucket.promptTokens;
            histogram.add(new Histogram.Bucket(row.getLong(3), row.getLong(4), row.getLong(5)));
        }
        return buckets.entrySet().stream().map(entry -> row(entry.getKey(), entry.getValue())).toList();
    }

    private static SummaryRow row(Key key, Bucket b) {
        return new SummaryRow(key.tenantId(), key.bucket(), b.reports, rate(b.agreed, b.reports),
                rate(b.fellBack, b.reports), rate(b.invalidPlans, b.reports), rate(b.corrected, b.reports),
                b.prematureAvoided, b.latency.percentile(0.5), b.latency.percentile(0.95),
                b.promptTokens.percentile(0.5), b.promptTokens.percentile(0.95), b.baselineReports,
                b.baselineReports == 0 ? null : rate(b.baselineAgreed, b.baselineReports));
    }

    private static Key key(Row row) {
        LocalDateTime bucket = row.getLocalDateTime(1);
        return new Key(row.getString(0), bucket.toInstant(ZoneOffset.UTC));
    }

    /** A share to four decimals; 0 when there is nothing to share. */
    private static double rate(long part, long whole) {
        return whole == 0 ? 0 : Math.round(part * 10_000.0 / whole) / 10_000.0;
    }
}
