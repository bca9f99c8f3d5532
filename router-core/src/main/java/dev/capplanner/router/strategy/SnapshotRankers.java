package dev.capplanner.router.strategy;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Rankers by snapshot hash, for one configured strategy. A snapshot is immutable, so its ranker
 * (keyword index, capability vectors) is built once and reused by every turn with the same
 * authority; past the capacity the least used are dropped (recency and frequency both count). A
 * ranker is built outside any lock:
 * turns of the same snapshot wait for the one build, turns of other snapshots do not wait at all.
 * The embedding model is only loaded when a strategy needs it.
 */
public final class SnapshotRankers {

    private final RankingStrategy strategy;
    private final RankerFactory factory;
    private final Cache<String, CompletableFuture<CapabilityRanker>> rankers;
    private final AtomicLong builds = new AtomicLong();

    public SnapshotRankers(RankingStrategy strategy, Supplier<CapabilityEmbeddings> embeddings, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("cache capacity must be at least 1");
        }
        this.strategy = strategy;
        this.factory = new RankerFactory(embeddings);
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.rankers = Caffeine.newBuilder().maximumSize(capacity).executor(Runnable::run).build();
    }

    public RankingStrategy strategy() {
        return strategy;
    }

    public CapabilityRanker forSnapshot(String snapshotHash, List<Capability> capabilities) {
        CompletableFuture<CapabilityRanker> mine = new CompletableFuture<>();
        CompletableFuture<CapabilityRanker> held = rankers.asMap().putIfAbsent(snapshotHash, mine);
        if (held != null) {
            return joined(held);
        }
        try {
            CapabilityRanker built = factory.build(strategy, capabilities);
            builds.incrementAndGet();
            mine.complete(built);
            return built;
        } catch (RuntimeException | Error failure) {
            rankers.asMap().remove(snapshotHash, mine);
            mine.completeExceptionally(failure);
            throw failure;
        }
    }

    private static CapabilityRanker joined(CompletableFuture<CapabilityRanker> build) {
        try {
            return build.join();
        } catch (CompletionException failed) {
            if (failed.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw failed;
        }
    }

    /**
     * A ranker over these capabilities, neither cached nor counted as a build: the start-up warm-up
     * builds one over sample capabilities (loading the embedding model when the strategy needs it).
     */
    public CapabilityRanker uncached(List<Capability> capabilities) {
        return factory.build(strategy, capabilities);
    }

    /** The ranker of a snapshot already seen, if still cached. */
    public Optional<CapabilityRanker> find(String snapshotHash) {
        CompletableFuture<CapabilityRanker> build = rankers.getIfPresent(snapshotHash);
        return build == null || !build.isDone() || build.isCompletedExceptionally() ? Optional.empty()
                : Optional.of(build.join());
    }

    /** How many rankers were built (cache misses). */
    public long builds() {
        return builds.get();
    }
}
