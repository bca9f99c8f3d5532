package dev.capplanner.reports.shadow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Percentiles from buckets, as percentile_cont computes them from the values. */
class HistogramTest {

    @Test
    void bucketsOfOneValueGiveExactlyWhatPercentileContGives() {
        Histogram histogram = new Histogram().add(new Histogram.Bucket(10, 11, 1)).add(new Histogram.Bucket(20, 21, 2))
                .add(new Histogram.Bucket(40, 41, 1));
        // Values 10, 20, 20, 40: the median is 20, the 95th percentile 20 + 0.85 * (40 - 20).
        assertThat(histogram.percentile(0.5)).isEqualTo(20.0);
        assertThat(histogram.percentile(0.95)).isCloseTo(37.0, within(1e-9));
        assertThat(histogram.percentile(0)).isEqualTo(10.0);
        assertThat(histogram.percentile(1)).isEqualTo(40.0);
    }

    @Test
    void wideBucketsStayWithinHalfABucketOfTheExactPercentile() {
        Random random = new Random(7);
        long[] values = random.longs(5_000, 0, 200_000).toArray();
        Histogram histogram = new Histogram();
        for (long value : values) {
            // The rollup's buckets: one value below 64, then 32 per power of two.
            long width = value < 64 ? 1 : Long.highestOneBit(value) / 32;
            long low = value - value % width;
            histogram.add(new Histogram.Bucket(low, low + width, 1));
        }
        Arrays.sort(values);
        for (double fraction : new double[] {0.5, 0.95, 0.99}) {
            double rank = fraction * (values.length - 1);
            int below = (int) Math.floor(rank);
            double exact = values[below] + (rank - below) * (values[(int) Math.ceil(rank)] - values[below]);
            assertThat(Math.abs(histogram.percentile(fraction) - exact) / exact).isLessThanOrEqualTo(1.0 / 64);
        }
    }

    @Test
    void nothingCountedHasNoPercentile() {
        assertThat(new Histogram().percentile(0.5)).isNull();
        assertThat(new Histogram().add(new Histogram.Bucket(5, 6, 0)).percentile(0.5)).isNull();
        assertThatThrownBy(() -> new Histogram().percentile(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Histogram.Bucket(6, 6, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
