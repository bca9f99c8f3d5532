package dev.capplanner.router.bench;

import dev.capplanner.router.ranking.RankingQuery;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every rank-latency benchmark shares, so their figures compare: sample mode (p50 and p99),
 * 3 x 2 s warm-up, 5 x 2 s measurement, one fork, catalogs of 100 / 1,000 / 10,000 synthetic
 * capabilities and 256 rotating questions.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public abstract class RankLatencySettings {

    @Param({"100", "1000", "10000"})
    int capabilities;

    private final List<RankingQuery> queries = SyntheticCatalog.questions(7, 256).stream()
            .map(q -> new RankingQuery(q, List.of(), null)).toList();
    private int next;

    RankingQuery nextQuery() {
        return queries.get(next++ & 255);
    }
}
