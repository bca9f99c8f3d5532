package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** With the real in-process all-MiniLM-L6-v2 model. */
class SemanticIndexTest {

    static CapabilityEmbeddings embeddings;

    @BeforeAll
    static void loadModel() {
        embeddings = new CapabilityEmbeddings(new MiniLmEmbedder());
    }

    @Test
    void paraphrasesWithoutSharedWordsFindTheRightTool() {
        List<Capability> tools = new ArrayList<>(CapabilityFixtures.demo());
        tools.add(CapabilityFixtures.capability("weather.forecast", "forecast", "get",
                "Weather forecast for a city: temperature, rain and wind", "/forecast", Map.of("city", ""), List.of()));
        SemanticIndex index = SemanticIndex.build(tools, embeddings);
        assertThat(index.rank(new RankingQuery("will it be sunny in Milan tomorrow?", List.of(), null), 1).get(0)
                .capability().name()).isEqualTo("weather.forecast");
        assertThat(index.rank(new RankingQuery("which purchases did this client make?", List.of(), null), 3))
                .extracting(r -> r.capability().name()).contains("orders.list");
    }

    @Test
    void capabilityVectorsAreComputedOncePerContentNeverPerTurn() {
        CapabilityEmbeddings cache = new CapabilityEmbeddings(new MiniLmEmbedder());
        SemanticIndex first = SemanticIndex.build(CapabilityFixtures.demo(), cache);
        assertThat(cache.computed()).isEqualTo(4);
        SemanticIndex.build(CapabilityFixtures.demo(), cache);
        first.rank(new RankingQuery("order status", List.of(), null), 4);
        first.rank(new RankingQuery("customer profile", List.of(), null), 4);
        assertThat(cache.computed()).isEqualTo(4);
    }

    @Test
    void toolsBelowTheRelevanceFloorKeepTheirPlaceButAreNotRelevant() {
        SemanticIndex index = SemanticIndex.build(CapabilityFixtures.demo(), embeddings);
        var ranked = index.rank(new RankingQuery("Tell me a joke about cats", List.of(), null));
        assertThat(ranked).hasSize(4).allSatisfy(r -> assertThat(r.relevant()).isFalse());
        assertThat(ranked).extracting(r -> r.capability().name())
                .isEqualTo(index.similarities(new RankingQuery("Tell me a joke about cats", List.of(), null)).top(4)
                        .stream().map(r -> r.capability().name()).toList());
        var best = index.rank(new RankingQuery("order status", List.of(), null), 1).get(0);
        assertThat(best.relevant()).isTrue();
        assertThat(best.score()).isGreaterThanOrEqualTo(SemanticIndex.RELEVANCE_FLOOR);
    }

    @Test
    void anUncachedRankerLoadsTheModelOnlyForStrategiesThatEmbedAndOnlyOnce() {
        java.util.concurrent.atomic.AtomicInteger loads = new java.util.concurrent.atomic.AtomicInteger();
        java.util.function.Supplier<CapabilityEmbeddings> counting = () -> {
            loads.incrementAndGet();
            return new CapabilityEmbeddings(new WordHashEmbedder());
        };
        new dev.capplanner.router.strategy.SnapshotRankers(dev.capplanner.router.strategy.RankingStrategy.KEYWORD,
                counting, 4).uncached(CapabilityFixtures.demo());
        assertThat(loads).hasValue(0);
        var hybrid = new dev.capplanner.router.strategy.SnapshotRankers(
                dev.capplanner.router.strategy.RankingStrategy.HYBRID, counting, 4);
        hybrid.uncached(CapabilityFixtures.demo());
        assertThat(loads).as("loaded by the start-up warm-up").hasValue(1);
        assertThat(hybrid.builds()).as("a warm-up ranker is not a snapshot's").isZero();
        hybrid.forSnapshot("h1", CapabilityFixtures.demo());
        assertThat(loads).as("loaded once").hasValue(1);
        assertThat(hybrid.find("h1")).isPresent();
        assertThat(hybrid.builds()).isEqualTo(1);
    }

    @Test
    void rankingIsDeterministicAndLimited() {
        SemanticIndex index = SemanticIndex.build(CapabilityFixtures.demo(), embeddings);
        RankingQuery query = new RankingQuery("order status", List.of(), null);
        assertThat(index.rank(query, 2)).hasSize(2).isEqualTo(index.rank(query).subList(0, 2));
        assertThat(index.rank(query)).isEqualTo(index.rank(query));
    }
}
