package dev.capplanner.router.bench;

import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * Keyword rank latency with a cached index (built once in setup, as the router caches it per
 * snapshot hash): one call returns the router's view, the strongest 40.
 */
public class RankLatencyBenchmark extends RankLatencySettings {

    KeywordIndex index;

    @Setup
    public void buildIndex() {
        index = KeywordIndex.build(SyntheticCatalog.generate(capabilities, 42));
    }

    @Benchmark
    public List<RankedCapability> keywordTop40() {
        return index.rank(nextQuery(), 40);
    }
}
