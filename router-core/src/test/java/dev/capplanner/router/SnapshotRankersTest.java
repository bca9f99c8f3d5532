package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.TextEmbedder;
import dev.capplanner.router.strategy.RankingStrategy;
import dev.capplanner.router.strategy.SnapshotRankers;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SnapshotRankersTest {

    /** Embeds like {@link WordHashEmbedder}, but a text naming "slow" waits until it is released. */
    private static final class GatedEmbedder implements TextEmbedder {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch released = new CountDownLatch(1);
        private final WordHashEmbedder words = new WordHashEmbedder();

        @Override
        public float[] embed(String text) {
            if (text.contains("slow")) {
                entered.countDown();
                try {
                    released.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return words.embed(text);
        }

        @Override
        public String modelId() {
            return "gated";
        }
    }

    private static List<Capability> slowCatalog() {
        Capability first = CapabilityFixtures.demo().get(0);
        return List.of(new Capability(first.name(), first.kind(), first.family(), first.entity(), first.operation(),
                "slow " + first.description(), first.aliases(), first.readOnly(), first.endpoint(), first.inputSchema(),
                first.outputCollectionPath(), first.outputPaths(), first.inputsFrom(), first.outputSchema(),
                first.outputFields(), first.plan()));
    }

    @Test
    void aSnapshotWhoseRankerIsBeingBuiltDelaysNoOtherSnapshot() throws Exception {
        GatedEmbedder embedder = new GatedEmbedder();
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(embedder);
        SnapshotRankers rankers = new SnapshotRankers(RankingStrategy.SEMANTIC, () -> embeddings, 8);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<CapabilityRanker> slow = pool.submit(() -> rankers.forSnapshot("sha256:slow", slowCatalog()));
            assertThat(embedder.entered.await(10, TimeUnit.SECONDS)).as("the slow build started").isTrue();

            Future<CapabilityRanker> other = pool.submit(() -> rankers.forSnapshot("sha256:other",
                    CapabilityFixtures.demo()));

            assertThat(other.get(10, TimeUnit.SECONDS)).as("built while the slow one is still building").isNotNull();
            assertThat(slow.isDone()).isFalse();
            embedder.released.countDown();
            assertThat(slow.get(10, TimeUnit.SECONDS)).isNotNull();
        } finally {
            embedder.released.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void turnsOfOneSnapshotWaitForItsOneBuild() throws Exception {
        GatedEmbedder embedder = new GatedEmbedder();
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(embedder);
        SnapshotRankers rankers = new SnapshotRankers(RankingStrategy.SEMANTIC, () -> embeddings, 8);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<CapabilityRanker> first = pool.submit(() -> rankers.forSnapshot("sha256:slow", slowCatalog()));
            assertThat(embedder.entered.await(10, TimeUnit.SECONDS)).isTrue();
            Future<CapabilityRanker> second = pool.submit(() -> rankers.forSnapshot("sha256:slow", slowCatalog()));
            Future<CapabilityRanker> third = pool.submit(() -> rankers.forSnapshot("sha256:slow", slowCatalog()));
            embedder.released.countDown();

            assertThat(second.get(10, TimeUnit.SECONDS)).isSameAs(first.get(10, TimeUnit.SECONDS))
                    .isSameAs(third.get(10, TimeUnit.SECONDS));
            assertThat(rankers.builds()).isEqualTo(1);
        } finally {
            embedder.released.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void aFailedBuildIsToldToTheCallerAndNotCached() {
        AtomicInteger attempts = new AtomicInteger();
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(new WordHashEmbedder());
        SnapshotRankers rankers = new SnapshotRankers(RankingStrategy.SEMANTIC, () -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("model unavailable");
            }
            return embeddings;
        }, 8);

        assertThatThrownBy(() -> rankers.forSnapshot("sha256:x", CapabilityFixtures.demo()))
                .isInstanceOf(IllegalStateException.class).hasMessage("model unavailable");

        assertThat(rankers.forSnapshot("sha256:x", CapabilityFixtures.demo())).as("built again, not the failure")
                .isNotNull();
        assertThat(attempts).hasValue(2);
        assertThat(rankers.builds()).isEqualTo(1);
    }

    @Test
    void embeddingVectorsAreBounded() {
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(new WordHashEmbedder(), 2);

        CapabilityFixtures.demo().forEach(embeddings::vectorOf);

        assertThat(CapabilityFixtures.demo()).hasSizeGreaterThan(2);
        assertThat(embeddings.held()).isLessThanOrEqualTo(2);
        assertThat(embeddings.computed()).isEqualTo(CapabilityFixtures.demo().size());
    }
}
