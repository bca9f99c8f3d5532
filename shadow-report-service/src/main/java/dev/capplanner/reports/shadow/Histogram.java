package dev.capplanner.reports.shadow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Counted values in buckets {@code [low, high)}: what the hourly rollup keeps of latencies and token
 * counts, so that a percentile over a week reads a few hundred buckets instead of every report.
 * Percentiles interpolate as PostgreSQL's {@code percentile_cont} does, between the two values
 * around the rank, each value read as its bucket's midpoint: exact where buckets hold one value
 * (below 64 in the rollup), within half a bucket's width elsewhere (1/64 of the value there).
 */
public final class Histogram {

    /** One bucket: {@code count} values in {@code [low, high)}. */
    public record Bucket(long low, long high, long count) {
        public Bucket {
            if (high <= low || count < 0) {
                throw new IllegalArgumentException("a bucket needs low < high and a count >= 0");
            }
        }

        double midpoint() {
            return (low + high - 1) / 2.0;
        }
    }

    private final List<Bucket> buckets = new ArrayList<>();
    private long total;

    public Histogram add(Bucket bucket) {
        buckets.add(bucket);
        total += bucket.count();
        return this;
    }

    public long total() {
        return total;
    }

    /** The {@code fraction} percentile (0..1), null when nothing was counted. */
    public Double percentile(double fraction) {
        if (fraction < 0 || fraction > 1) {
            throw new IllegalArgumentException("a percentile is a fraction between 0 and 1");
        }
        if (total == 0) {
            return null;
        }
        List<Bucket> ordered = buckets.stream().filter(b -> b.count() > 0)
                .sorted(Comparator.comparingLong(Bucket::low)).toList();
        double rank = fraction * (total - 1);
        long below = (long) Math.floor(rank);
        double lower = valueAt(ordered, below);
        double upper = valueAt(ordered, (long) Math.ceil(rank));
        return lower + (rank - below) * (upper - lower);
    }

    /** The value of the {@code index}-th (0-based) of the ordered values. */
    private static double valueAt(List<Bucket> ordered, long index) {
        long seen = 0;
        for (Bucket bucket : ordered) {
            seen += bucket.count();
            if (index < seen) {
                return bucket.midpoint();
            }
        }
        throw new IllegalStateException("index beyond the counted values");
    }
}
