package dev.capplanner.router.hybrid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.router.semantic.TextEmbedder;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamedActionTest {

    private static final Capability PRODUCT_SEARCH = CapabilityFixtures.capability("products.search", "products",
            "search", "Search the catalog by name, SKU or brand.", "/products", Map.of("query", ""), List.of());
    private static final Capability PRODUCT_REVIEWS = CapabilityFixtures.capability("reviews.list", "review", "list",
            "Reviews of one product.", "/reviews", Map.of("sku", ""), List.of());

    @Test
    void aQuestionNamesACapabilityWhenItHoldsItsOperationAndEveryWordOfItsEntity() {
        assertThat(new NamedAction("First search the product 'Moka Pot 6'.").names(PRODUCT_SEARCH)).isTrue();
        assertThat(new NamedAction("Which product sells best?").names(PRODUCT_SEARCH)).as("no operation").isFalse();
        assertThat(new NamedAction("search the web").names(PRODUCT_SEARCH)).as("no entity").isFalse();
        Capability getsNothing = CapabilityFixtures.capability("products.get", "products", "get", "A product.",
                "/products/{sku}", Map.of("sku", ""), List.of());
        assertThat(new NamedAction("get the product").names(getsNothing)).as("a stop word names nothing").isFalse();
        Capability verbAlone = CapabilityFixtures.capability("notion.search", "search", "search", "Search.",
                "/search", Map.of("query", ""), List.of());
        assertThat(new NamedAction("search the product").names(verbAlone)).as("no entity of its own").isFalse();
    }

    @Test
    void aNamedCapabilityStaysRelevantWhereMeaningAloneWouldDropIt() {
        List<Capability> tools = List.of(PRODUCT_SEARCH, PRODUCT_REVIEWS);
        HybridRanker hybrid = new HybridRanker(KeywordIndex.build(tools),
                SemanticIndex.build(tools, new CapabilityEmbeddings(new UnrelatedTexts())));

        List<RankedCapability> ranked = hybrid.rank(new RankingQuery("search the product 'Moka Pot 6'", List.of(),
                null), 2);

        assertThat(ranked).filteredOn(RankedCapability::relevant).extracting(r -> r.capability().name())
                .as("one shared word is still not enough").containsExactly("products.search");
    }

    /** Every distinct text gets a dimension of its own: no two texts are similar at all. */
    private static final class UnrelatedTexts implements TextEmbedder {
        private final Map<String, Integer> dimensions = new HashMap<>();

        @Override
        public float[] embed(String text) {
            float[] vector = new float[256];
            vector[dimensions.computeIfAbsent(text, t -> dimensions.size() % vector.length)] = 1;
            return vector;
        }

        @Override
        public String modelId() {
            return "unrelated-texts";
        }
    }
}
