package dev.capplanner.router.bench;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.semantic.SemanticIndex;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * Hybrid rank latency with cached indexes (keyword index and capability vectors built once in
 * setup, as per snapshot hash in the router): each call embeds the question with the in-process
 * MiniLM model, scores every capability vector, ranks by keywords and fuses, returning the
 * strongest 40. Setup embeds every synthetic capability once (about a minute at 10,000).
 */
public class HybridRankLatencyBenchmark extends RankLatencySettings {

    HybridRanker hybrid;

    @Setup
    public void buildIndexes() {
        List<Capability> catalog = SyntheticCatalog.generate(capabilities, 42);
        hybrid = new HybridRanker(KeywordIndex.build(catalog),
                SemanticIndex.build(catalog, new CapabilityEmbeddings(new MiniLmEmbedder())));
    }

    @Benchmark
    public List<RankedCapability> hybridTop40() {
        return hybrid.rank(nextQuery(), 40);
    }
}
