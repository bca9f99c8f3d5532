package dev.capplanner.router.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.WordHashEmbedder;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.rerank.RerankFeatures;
import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RankerFactoryRerankTest {

    private static final RankingQuery QUESTION = new RankingQuery("order report of customer C-1001", List.of(), null);

    @Test
    void theHybridRunsTheSecondStageOnlyWhenItsWeightsAreEnabled() {
        List<Capability> catalog = catalog();
        double[] weights = new double[RerankFeatures.NAMES.size()];
        weights[RerankFeatures.NAMES.indexOf("first_stage_place")] = -1; // the first stage's order, reversed
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(new WordHashEmbedder());
        List<String> firstStage = top(new HybridRanker(KeywordIndex.build(catalog),
                SemanticIndex.build(catalog, embeddings)));
        List<String> off = top(new RankerFactory(() -> embeddings, false,
                new RerankWeights(false, weights, "test")).build(RankingStrategy.HYBRID, catalog));
        List<String> on = top(new RankerFactory(() -> embeddings, false,
                new RerankWeights(true, weights, "test")).build(RankingStrategy.HYBRID, catalog));
        assertThat(off).isEqualTo(firstStage);
        assertThat(on).isNotEqualTo(firstStage).containsExactlyInAnyOrderElementsOf(firstStage);
    }

    private static List<String> top(dev.capplanner.router.ranking.CapabilityRanker ranker) {
        return ranker.rank(QUESTION, 40).stream().filter(RankedCapability::relevant)
                .map(r -> r.capability().name()).toList();
    }

    private static List<Capability> catalog() {
        List<Capability> tools = new ArrayList<>(CapabilityFixtures.demo());
        for (int i = 0; i < 20; i++) {
            tools.add(CapabilityFixtures.capability("orders.report" + i, "order", "report",
                    "Order report " + i + " of a customer", "/reports/" + i, Map.of("customerId", "^C-[0-9]{4}$"),
                    List.of()));
        }
        return tools;
    }
}
