package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.router.ranking.LexicalRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.ranking.Tokenizer;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LexicalRankerTest {

    final LexicalRanker ranker = new LexicalRanker();

    @Test
    void tokenizerSplitsIdentifiersDropsStopWordsAndFoldsPlurals() {
        assertThat(new Tokenizer().terms("Show the customerOrders of order_history for all Companies"))
                .containsExactly("customer", "order", "order", "history", "company");
    }

    @Test
    void orderQuestionsRankOrderToolsFirst() {
        assertThat(top(new RankingQuery("What is the status of order O-5002?", List.of(), null)))
                .isEqualTo("orders.detail");
        assertThat(top(new RankingQuery("Find the customer called Riccardo Lorini", List.of(), null)))
                .isEqualTo("customers.search");
    }

    @Test
    void sameInputGivesTheSameOrderWhateverTheSnapshotOrder() {
        RankingQuery query = new RankingQuery("customer orders", List.of(), null);
        List<Capability> shuffled = new ArrayList<>(CapabilityFixtures.demo());
        Collections.reverse(shuffled);
        assertThat(ranker.rank(query, shuffled)).isEqualTo(ranker.rank(query, CapabilityFixtures.demo()));
    }

    @Test
    void tiesAreBrokenByName() {
        List<RankedCapability> ranked = ranker.rank(new RankingQuery("zebra", List.of(), null), CapabilityFixtures.demo());
        assertThat(ranked).allMatch(r -> r.score() == 0);
        assertThat(ranked).extracting(r -> r.capability().name()).isSorted();
    }

    @Test
    void selectedCustomerFavoursToolsTakingACustomerId() {
        Selection customer = new Selection("customers.search", "customer", Map.of("id", "C-1001"));
        RankingQuery withSelection = new RankingQuery("and the orders?", List.of(), customer);
        RankedCapability ordersList = find(ranker.rank(withSelection, CapabilityFixtures.demo()), "orders.list");
        RankedCapability withoutSelection = find(ranker.rank(new RankingQuery("and the orders?", List.of(), null),
                CapabilityFixtures.demo()), "orders.list");
        assertThat(ordersList.score()).isGreaterThan(withoutSelection.score());
        assertThat(ordersList.matchReason()).contains("selection:customer");
    }

    @Test
    void recentTurnsCountLessThanTheQuestion() {
        RankingQuery query = new RankingQuery("the details please", List.of("orders of C-1001"), null);
        RankedCapability detail = find(ranker.rank(query, CapabilityFixtures.demo()), "orders.detail");
        assertThat(detail.matchReason()).contains("order@name").contains("detail@name");
    }

    private String top(RankingQuery query) {
        return ranker.rank(query, CapabilityFixtures.demo()).get(0).capability().name();
    }

    private static RankedCapability find(List<RankedCapability> ranked, String name) {
        return ranked.stream().filter(r -> r.capability().name().equals(name)).findFirst().orElseThrow();
    }
}
