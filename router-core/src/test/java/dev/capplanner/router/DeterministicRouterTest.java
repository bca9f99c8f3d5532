package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.router.ranking.MatchReasonText;

import dev.capplanner.router.ranking.MatchReason;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.routing.Route;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DeterministicRouterTest {

    static final KeywordIndex DEMO = KeywordIndex.build(CapabilityFixtures.demo());

    final List<Capability> fiftyOrderTools = IntStream.range(0, 50)
            .mapToObj(i -> CapabilityFixtures.capability("orders.view" + i, "order", "list", "Order view " + i,
                    "/orders/v" + i, Map.of("customerId", "^C-[0-9]{4}$"), List.of()))
            .toList();

    @Test
    void neverMoreThanEightCandidatesHoweverBigTheCatalog() {
        Route route = new DeterministicRouter(8).route(query("order"), KeywordIndex.build(fiftyOrderTools));
        assertThat(route.candidates()).hasSize(8);
    }

    @Test
    void aConfiguredLimitAboveEightIsBoundedToEight() {
        Route route = new DeterministicRouter(100_000).route(query("order"), KeywordIndex.build(fiftyOrderTools));
        assertThat(route.candidates()).hasSize(8);
    }

    @Test
    void capabilitiesThatMatchNothingAreNotRouted() {
        Route route = new DeterministicRouter(8).route(query("weather in Milan"),
                DEMO);
        assertThat(route.candidates()).isEmpty();
    }

    @Test
    void candidatesCarryFullSchemasScoresAndReasonsInRankOrder() {
        Route route = new DeterministicRouter(8).route(query("status of order O-5002"),
                DEMO);
        assertThat(route.candidates().get(0).capability().name()).isEqualTo("orders.detail");
        assertThat(route.candidates().get(0).capability().inputSchema()).containsKey("properties");
        assertThat(route.candidates()).extracting(c -> c.score()).isSortedAccordingTo((a, b) -> Double.compare(b, a));
        assertThat(route.candidates()).filteredOn(c -> c.score() > 0).isNotEmpty()
                .allMatch(c -> c.reasons().get(0) instanceof MatchReason.TermMatch);
        assertThat(route.candidates()).filteredOn(c -> c.score() == 0)
                .allMatch(c -> c.reasons().get(0) instanceof MatchReason.FindsIdentifier);
        assertThat(route.router()).isEqualTo("deterministic");
    }

    private static RankingQuery query(String question) {
        return new RankingQuery(question, List.of(), null);
    }

    @Test
    void aCandidateNeedingAnotherEntitysIdBringsThatEntitysSearchIntoTheRoute() {
        Route route = new DeterministicRouter(8).route(query("Show the orders for Riccardo Lorini"),
                DEMO);
        assertThat(route.candidates()).extracting(c -> c.capability().name())
                .containsExactly("orders.detail", "orders.list", "customers.search");
        assertThat(route.candidates().get(2).reasons())
                .containsExactly(new MatchReason.FindsIdentifier("customer", "orders.list"));
        assertThat(MatchReasonText.of(route.candidates().get(2).reasons())).isEqualTo("finds customerId for orders.list");
    }

    @Test
    void expansionNeverExceedsTheLimit() {
        Route route = new DeterministicRouter(2).route(query("Show the orders for Riccardo Lorini"),
                DEMO);
        assertThat(route.candidates()).hasSize(2);
    }
}
