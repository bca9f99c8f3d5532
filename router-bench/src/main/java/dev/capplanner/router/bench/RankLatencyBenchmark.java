package dev.capplanner.router.bench;

import dev.capplanner.router.ranking.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Keyword rank latency with a cached index (built once in setup, as the router caches it per
 * snapshot hash): one call returns the router's view, the strongest 40. Sample mode reports p50.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RankLatencyBenchmark {

    @Param({"100", "1000", "10000"})
    int capabilities;

    KeywordIndex index;
    List<RankingQuery> queries;
    int next;

    @Setup
    public void buildIndex() {
        index = KeywordIndex.build(SyntheticCatalog.generate(capabilities, 42));
        queries = SyntheticCatalog.questions(7, 256).stream().map(q -> new RankingQuery(q, List.of(), null)).toList();
    }

    @Benchmark
    public List<RankedCapability> keywordTop40() {
        RankingQuery query = queries.get(next++ & 255);
        return index.rank(query, 40);
    }
}
