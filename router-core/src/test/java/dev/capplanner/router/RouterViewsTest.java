package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.OmittedFamily;
import dev.capplanner.router.routing.RouterView;
import dev.capplanner.router.routing.RouterViews;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** askmydocs "routing large catalogs": <= 40 all, > 40 the strongest 40 plus omitted families, second lookup. */
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

    /** {@code orders} order tools in family api:orders, {@code invoices} invoice tools in mcp:invoices. */
    private static List<Capability> catalog(int orders, int invoices) {
        List<Capability> capabilities = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
            capabilities.add(CapabilityFixtures.capability("orders.view" + i, "order", "list", "Orders view " + i,
                    "/orders/v" + i, Map.of("customerId", "^C-[0-9]{4}$"), List.of()));
        }
        for (int i = 0; i < invoices; i++) {
            Capability base = CapabilityFixtures.capability("invoices.tool" + i, "invoice", i % 2 == 0 ? "search" : "detail",
                    "Invoice tool " + i, "/invoices/" + i, Map.of("invoiceId", ""), List.of());
            capabilities.add(new Capability(base.name(), "mcp", "mcp:invoices", base.entity(), base.operation(),
                    base.description(), base.aliases(), true, base.endpoint(), base.inputSchema(), null));
        }
        return capabilities;
    }
}
