package dev.capplanner.router.strategy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Rankers by snapshot hash, for one configured strategy. A snapshot is immutable, so its ranker
 * (keyword index, capability vectors) is built once and reused by every turn with the same
 * authority; the least recently used one is dropped first. The embedding model is only loaded
 * when a strategy needs it.
 */
public final class SnapshotRankers {

    private final RankingStrategy strategy;
    private final RankerFactory factory;
    private final Map<String, CapabilityRanker> rankers;
    private long builds;

    public SnapshotRankers(RankingStrategy strategy, Supplier<CapabilityEmbeddings> embeddings, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("cache capacity must be at least 1");
        }
        this.strategy = strategy;
        this.factory = new RankerFactory(embeddings);
        this.rankers = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, CapabilityRanker> eldest) {
                return size() > capacity;
            }
        };
    }

    public RankingStrategy strategy() {
        return strategy;
    }

    public synchronized CapabilityRanker forSnapshot(String snapshotHash, List<Capability> capabilities) {
        CapabilityRanker ranker = rankers.get(snapshotHash);
        if (ranker == null) {
            ranker = factory.build(strategy, capabilities);
            builds++;
            rankers.put(snapshotHash, ranker);
        }
        return ranker;
    }

    /**
     * Loads the embedding model now if the strategy needs it (and runs it once, so its native
     * session is initialized): called at start-up, the first routed turn does not pay for it.
     */
    /**
     * A ranker over these capabilities, neither cached nor counted as a build: the start-up warm-up
     * builds one over sample capabilities (loading the embedding model when the strategy needs it).
     */
    public CapabilityRanker uncached(List<Capability> capabilities) {
        return factory.build(strategy, capabilities);
    }

    /** The ranker of a snapshot already seen, if still cached. */
    public synchronized Optional<CapabilityRanker> find(String snapshotHash) {
        return Optional.ofNullable(rankers.get(snapshotHash));
    }

    /** How many rankers were built (cache misses). */
    public synchronized long builds() {
        return builds;
    }
}
