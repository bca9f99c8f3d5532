package dev.capplanner.router.strategy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.indexing.SourceBoilerplate;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.rerank.LinearReranker;
import dev.capplanner.router.rerank.RerankFeatures;
import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.SemanticIndex;
import java.util.List;
import java.util.function.Supplier;

/**
 * The one place a ranking strategy becomes a ranker, used by router-service (through
 * {@link SnapshotRankers}) and by {@code ./run-eval.sh}, so the evaluated ranking is the served one.
 * Every ranker names each capability's look-alikes among its reasons ({@link LookAlikeRanker}).
 * The embedding model is loaded only when a strategy needs it, and once.
 */
public final class RankerFactory {

    private final Supplier<CapabilityEmbeddings> embeddingsFactory;
    private final boolean wholeDescriptions;
    private final RerankWeights rerank;
    private CapabilityEmbeddings embeddings;

    /**
     * Rankers that leave each source's boilerplate out of what they read ({@link SourceBoilerplate}),
     * the hybrid with the shipped second stage when it is enabled ({@link RerankWeights#shipped}).
     */
    public RankerFactory(Supplier<CapabilityEmbeddings> embeddings) {
        this(embeddings, false);
    }

    /** @param wholeDescriptions read every description whole (the evaluation's baseline of the boilerplate rule) */
    public RankerFactory(Supplier<CapabilityEmbeddings> embeddings, boolean wholeDescriptions) {
        this(embeddings, wholeDescriptions, RerankWeights.shipped());
    }

    /** @param rerank the hybrid's second stage, run when enabled */
    public RankerFactory(Supplier<CapabilityEmbeddings> embeddings, boolean wholeDescriptions, RerankWeights rerank) {
        this.embeddingsFactory = embeddings;
        this.wholeDescriptions = wholeDescriptions;
        this.rerank = rerank;
    }

    /** Builds without a lock: rankers of different snapshots are built side by side. */
    public CapabilityRanker build(RankingStrategy strategy, List<Capability> capabilities) {
        SourceBoilerplate boilerplate = wholeDescriptions ? SourceBoilerplate.none()
                : SourceBoilerplate.of(capabilities);
        CapabilityRanker ranker = switch (strategy) {
            case KEYWORD -> KeywordIndex.build(capabilities, boilerplate);
            case SEMANTIC -> SemanticIndex.build(capabilities, embeddings(), boilerplate);
            case HYBRID -> hybrid(capabilities, boilerplate);
        };
        return new LookAlikeRanker(ranker);
    }

    private HybridRanker hybrid(List<Capability> capabilities, SourceBoilerplate boilerplate) {
        KeywordIndex keyword = KeywordIndex.build(capabilities, boilerplate);
        SemanticIndex semantic = SemanticIndex.build(capabilities, embeddings(), boilerplate);
        return new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, rerank.enabled()
                ? new LinearReranker(RerankFeatures.of(keyword, boilerplate, embeddings()), rerank)
                : null);
    }

    private synchronized CapabilityEmbeddings embeddings() {
        if (embeddings == null) {
            embeddings = embeddingsFactory.get();
        }
        return embeddings;
    }
}
