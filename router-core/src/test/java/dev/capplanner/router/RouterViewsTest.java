package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.OmittedFamily;
import dev.capplanner.router.routing.RouterView;
import dev.capplanner.router.routing.RouterViews;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rules "router view" and "family second lookup": <= 40 all, > 40 the strongest 40 plus omitted families, second lookup. */
class RouterViewsTest {

    final RouterViews views = new RouterViews();
    final RankingQuery ordersQuestion = new RankingQuery("show the orders", List.of(), null);

    @Test
    void atMostFortyEligibleCapabilitiesAreAllShown() {
        RouterView view = views.view(KeywordIndex.build(catalog(30, 10)), ordersQuestion);
        assertThat(view.visible()).hasSize(40);
        assertThat(view.omittedFamilies()).isEmpty();
    }

    @Test
    void aboveFortyTheStrongestFortyAndEachOmittedFamilysCountAndOperations() {
        RouterView view = views.view(KeywordIndex.build(catalog(45, 20)), ordersQuestion);
        assertThat(view.visible()).hasSize(40);
        assertThat(view.visible()).extracting(r -> r.capability().family()).allMatch("api:orders"::equals);
        assertThat(view.omittedFamilies()).containsExactly(
                new OmittedFamily("api:orders", 5, List.of("list")),
                new OmittedFamily("mcp:invoices", 20, List.of("detail", "search")));
    }

    @Test
    void anOmittedFamilyIsReachableThroughTheSecondLookup() {
        KeywordIndex index = KeywordIndex.build(catalog(45, 20));
        List<RankedCapability> invoices = views.lookupFamily(index, "mcp:invoices",
                new RankingQuery("invoice 17", List.of(), null), 8);
        assertThat(invoices).hasSize(8).allMatch(r -> r.capability().family().equals("mcp:invoices"));
        assertThat(invoices).isEqualTo(views.lookupFamily(index, "mcp:invoices",
                new RankingQuery("invoice 17", List.of(), null), 8));
    }

    @Test
    void aFamilyOutsideTheSnapshotFindsNothing() {
        KeywordIndex index = KeywordIndex.build(catalog(45, 20));
        assertThat(views.lookupFamily(index, "mcp:admin", ordersQuestion, 8)).isEmpty();
    }

    @Test
    void theSecondLookupNeverReturnsMoreThanEight() {
        KeywordIndex index = KeywordIndex.build(catalog(45, 20));
        assertThat(views.lookupFamily(index, "mcp:invoices", ordersQuestion, 100_000)).hasSize(8);
    }

    private static List<Capability> catalog(int orders, int invoices) {
        return TwoFamilyCatalog.of(orders, invoices);
    }
}
