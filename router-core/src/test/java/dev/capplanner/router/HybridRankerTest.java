package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HybridRankerTest {

    @Test
    void eachStepsBestToolReachesTheTopOfAMultiStepRanking() {
        List<Capability> tools = new ArrayList<>(CapabilityFixtures.demo());
        tools.add(CapabilityFixtures.capability("weather.forecast", "forecast", "get",
                "Weather forecast for a city: temperature, rain and wind", "/forecast", Map.of("city", ""), List.of()));
        for (int i = 0; i < 20; i++) {
            tools.add(CapabilityFixtures.capability("orders.report" + i, "order", "report", "Order report " + i,
                    "/reports/" + i, Map.of("customerId", "^C-[0-9]{4}$"), List.of("order history")));
        }
        HybridRanker hybrid = new HybridRanker(KeywordIndex.build(tools),
                SemanticIndex.build(tools, new CapabilityEmbeddings(new MiniLmEmbedder())));
        var top = hybrid.rank(new RankingQuery("Show the order history of customer C-1001 with all order details. "
                + "Then tell me whether it will rain in Milan tomorrow.", List.of(), null), 2);
        assertThat(top).extracting(r -> r.capability().name()).contains("weather.forecast");
        assertThat(top).hasSize(2);
    }

    @Test
    void aQuestionNoToolFitsGetsNoRelevantCandidateSoTheRouteStaysEmpty() {
        List<Capability> tools = CapabilityFixtures.demo();
        HybridRanker hybrid = new HybridRanker(KeywordIndex.build(tools),
                SemanticIndex.build(tools, new CapabilityEmbeddings(new MiniLmEmbedder())));
        var ranked = hybrid.rank(new RankingQuery("Will it rain in Milan tomorrow?", List.of(), null), 4);
        assertThat(ranked).hasSize(4).allSatisfy(r -> assertThat(r.relevant()).isFalse());
        var route = new DeterministicRouter(8).route(new RankingQuery("Will it rain in Milan tomorrow?", List.of(), null),
                hybrid);
        assertThat(route.candidates()).isEmpty();
        assertThat(new DeterministicRouter(8).route(new RankingQuery("which purchases did this client make?",
                List.of(), null), hybrid).candidates()).extracting(c -> c.capability().name()).contains("orders.list");
    }

    @Test
    void bothIndexesMustCoverTheSameSnapshot() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new HybridRanker(
                KeywordIndex.build(CapabilityFixtures.demo()),
                SemanticIndex.build(CapabilityFixtures.demo().subList(0, 2), new CapabilityEmbeddings(new WordHashEmbedder()))))
                .hasMessageContaining("same snapshot");
    }
}
