package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.MatchReasonText;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.routing.PrerequisiteExpansion;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.routing.RoutedCandidate;
import dev.capplanner.router.strategy.RankerFactory;
import dev.capplanner.router.strategy.RankingStrategy;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
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

    @Test
    void aCapabilityPlanIsRoutedOnlyWhenItRanksFirst() {
        List<Capability> withPlans = new java.util.ArrayList<>(fiftyOrderTools.subList(0, 5));
        withPlans.add(plan("orders.delivery-risk", "Order delivery risk: whether an order will arrive"));
        withPlans.add(plan("orders.audit", "Order view of the changes made to orders, for auditors and reviewers"));
        KeywordIndex index = KeywordIndex.build(withPlans);

        Route first = new DeterministicRouter(8).route(query("order delivery risk"), index);
        List<String> ranked = index.rank(query("order view"), 8).stream().map(r -> r.capability().name()).toList();
        Route lower = new DeterministicRouter(8).route(query("order view"), index);

        assertThat(first.candidates().get(0).capability().name()).isEqualTo("orders.delivery-risk");
        assertThat(ranked.indexOf("orders.audit")).as("ranked, but below the first").isBetween(1, 7);
        assertThat(lower.candidates()).extracting(c -> c.capability().name()).doesNotContain("orders.audit")
                .contains("orders.view0", "orders.view4");
    }

    private static Capability plan(String name, String description) {
        Capability base = CapabilityFixtures.capability(name, "order", Capability.PLAN_OPERATION, description,
                "/unused", Map.of("orderId", "^O-[0-9]{4}$"), List.of());
        return new Capability(name, Capability.PLAN_KIND, "plan", "order", Capability.PLAN_OPERATION, description,
                List.of(), true, dev.capplanner.contracts.events.Endpoint.plan(name), base.inputSchema(), null,
                List.of(), List.of(), null, null, null);
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

    @Test
    void theFindersOfTheBestRankedCandidatesTakeTheLowestRankedPlacesOfAFullRoute() {
        Capability ordersList = CapabilityFixtures.demo().stream().filter(c -> c.name().equals("orders.list"))
                .findFirst().orElseThrow();
        List<RoutedCandidate> full = new java.util.ArrayList<>();
        full.add(new RoutedCandidate(ordersList, 1.0, List.of()));
        CapabilityFixtures.synthetic(7).forEach(c -> full.add(new RoutedCandidate(c, 0.5, List.of())));
        List<Capability> snapshot = new java.util.ArrayList<>(CapabilityFixtures.demo());

        List<RoutedCandidate> expanded = new PrerequisiteExpansion().expand(full, snapshot, 8);

        assertThat(expanded).hasSize(8);
        assertThat(expanded.get(7).capability().name()).as("orders.list leads and needs a customer's id")
                .isEqualTo("customers.search");
        assertThat(expanded.subList(0, 7)).containsExactlyElementsOf(full.subList(0, 7));
        List<RoutedCandidate> ledByOthers = new java.util.ArrayList<>(full.subList(1, 8));
        ledByOthers.add(full.get(0));
        assertThat(new PrerequisiteExpansion().expand(ledByOthers, snapshot, 8))
                .as("ranked last, its finder waits for room").containsExactlyElementsOf(ledByOthers);
    }

    @Test
    void aFinderAlreadyOfferedAsALookAlikeIsNotAddedAgain() {
        Capability ordersList = CapabilityFixtures.demo().stream().filter(c -> c.name().equals("orders.list"))
                .findFirst().orElseThrow();
        Capability customersSearch = CapabilityFixtures.demo().stream()
                .filter(c -> c.name().equals("customers.search")).findFirst().orElseThrow();
        List<RoutedCandidate> routed = List.of(new RoutedCandidate(ordersList, 1.0, List.of(),
                List.of(customersSearch)));

        List<RoutedCandidate> expanded = new PrerequisiteExpansion().expand(routed, CapabilityFixtures.demo(), 8);

        assertThat(expanded).as("customers.search finds customerId, and the route offers it already")
                .containsExactlyElementsOf(routed);
    }

    @Test
    void aLookAlikeFamilyTakesOneSlotAndItsMembersOnlyThePlacesLeftOfTheRoutesEightTools() {
        List<Capability> catalog = new ArrayList<>();
        for (String provider : List.of("openweather", "accuweather", "meteo", "tomorrow")) {
            catalog.add(sourceTool(provider + ".forecast", "mcp:" + provider, "forecast", "get",
                    "Weather forecast for a city"));
        }
        for (int i = 0; i < 6; i++) {
            catalog.add(sourceTool("travel.tool" + i, "api:travel", "trip" + i, "get", "City weather and trip plan " + i));
        }
        CapabilityRanker ranker = new RankerFactory(() -> {
            throw new AssertionError("keyword ranking needs no model");
        }).build(RankingStrategy.KEYWORD, catalog);

        Route route = new DeterministicRouter(8).route(query("weather forecast for a city"), ranker);

        RoutedCandidate weather = route.candidates().get(0);
        assertThat(weather.capability().family()).startsWith("mcp:");
        assertThat(route.candidates()).hasSize(7).extracting(c -> c.capability().name())
                .filteredOn(name -> name.startsWith("travel.")).as("the family does not crowd them out").hasSize(6);
        assertThat(weather.lookAlikes()).as("seven slots leave one place of eight").hasSize(1)
                .allMatch(member -> member.entity().equals("forecast"));
        assertThat(route.candidates().stream().flatMap(c -> c.offeredNames().stream()))
                .as("no route holds more than eight tools").hasSize(8);
    }

    private static Capability sourceTool(String name, String family, String entity, String operation,
                                         String description) {
        Capability base = CapabilityFixtures.capability(name, entity, operation, description, "/" + name, Map.of(),
                List.of());
        return new Capability(name, "mcp", family, entity, operation, description, List.of(), true, base.endpoint(),
                base.inputSchema(), null);
    }
}
