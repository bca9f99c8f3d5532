package dev.capplanner.router.rankers;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.SemanticIndex;
import java.util.List;
import java.util.function.Supplier;

/**
 * The one place a ranking strategy becomes a ranker, used by router-service (through
 * {@link SnapshotRankers}) and by {@code ./run-eval.sh}, so the evaluated ranking is the served one.
 * The embedding model is loaded only when a strategy needs it, and once.
 */
public final class RankerFactory {

    private final Supplier<CapabilityEmbeddings> embeddingsFactory;
    private CapabilityEmbeddings embeddings;

    public RankerFactory(Supplier<CapabilityEmbeddings> embeddings) {
        this.embeddingsFactory = embeddings;
    }

    public synchronized CapabilityRanker build(RankingStrategy strategy, List<Capability> capabilities) {
        return switch (strategy) {
            case KEYWORD -> KeywordIndex.build(capabilities);
            case SEMANTIC -> SemanticIndex.build(capabilities, embeddings());
            case HYBRID -> new HybridRanker(KeywordIndex.build(capabilities),
                    SemanticIndex.build(capabilities, embeddings()));
        };
    }

    private CapabilityEmbeddings embeddings() {
        if (embeddings == null) {
            embeddings = embeddingsFactory.get();
        }
        return embeddings;
    }
}
