package dev.capplanner.router.bench;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.indexing.SourceBoilerplate;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.rerank.LinearReranker;
import dev.capplanner.router.rerank.RerankFeatures;
import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.semantic.SemanticIndex;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Hybrid rank latency with cached indexes (keyword index and capability vectors built once in
 * setup, as per snapshot hash in the router): each call embeds the question with the in-process
 * MiniLM model, scores every capability vector, ranks by keywords and fuses, returning the
 * strongest 40; with {@code reranker=on}, the second stage with the shipped weights reorders each
 * part's head (what it costs, whether or not the router runs it). Setup embeds every synthetic
 * capability once (about a minute at 10,000).
 */
public class HybridRankLatencyBenchmark extends RankLatencySettings {

    @Param({"off", "on"})
    String reranker;

    HybridRanker hybrid;

    @Setup
    public void buildIndexes() {
        List<Capability> catalog = SyntheticCatalog.generate(capabilities, 42);
        SourceBoilerplate boilerplate = SourceBoilerplate.of(catalog);
        KeywordIndex keyword = KeywordIndex.build(catalog, boilerplate);
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(new MiniLmEmbedder());
        SemanticIndex semantic = SemanticIndex.build(catalog, embeddings, boilerplate);
        hybrid = new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, reranker.equals("on")
                ? new LinearReranker(RerankFeatures.of(keyword, boilerplate, embeddings), RerankWeights.shipped())
                : null);
    }

    @Benchmark
    public List<RankedCapability> hybridTop40() {
        return hybrid.rank(nextQuery(), 40);
    }
}
