package dev.capplanner.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A question the rankers find nothing for is still routed to the records whose data it names. */
class NamedDataTest {

    static final List<Capability> CATALOG = List.of(
            withFields("customers.search", "customer", "search", "Find customers by full or partial name.",
                    List.of("name", "phone", "city", "since")),
            withFields("orders.list", "order", "list", "List the orders of one customer.",
                    List.of("status", "date", "total")),
            withFields("payments.list", "payment", "list", "Payments made against an invoice.",
                    List.of("amount", "date", "method")),
            withFields("ratelimit.get", "rate limit", "get", "Get rate limit status for the authenticated user.",
                    List.of("rate", "resources")));

    @Test
    void aFieldOnlyOneEntityCarriesNamesItsCapabilitiesWhenTheQuestionGivesAValue() {
        assertThat(names(NamedData.of("Ottavio Caruso's phone number?", CATALOG)))
                .containsExactly("customers.search");
        assertThat(names(NamedData.of("Customers in the list of Anna Conti", CATALOG)))
                .as("the entity itself").containsExactly("customers.search");
    }

    @Test
    void aSharedFieldAQuestionWithoutAValueAndAnUnrelatedQuestionNameNothing() {
        assertThat(NamedData.of("What was the date of Anna Conti's visit?", CATALOG))
                .as("orders and payments both carry a date").isEmpty();
        assertThat(NamedData.of("What's the euro to dollar exchange rate today?", CATALOG))
                .as("nothing to look a rate up by").isEmpty();
        assertThat(NamedData.of("Is it going to rain in Milano tomorrow?", CATALOG)).isEmpty();
    }

    @Test
    void aCapabilityPlanIsNeverAFallback() {
        Capability base = CATALOG.get(0);
        Capability plan = new Capability("accounts.standing", Capability.PLAN_KIND, "plan", "customer",
                Capability.PLAN_OPERATION, "Whether a customer's account is in good standing.", List.of(), true,
                base.endpoint(), base.inputSchema(), null, List.of(), List.of(), null, List.of("decision"), null);
        assertThat(names(NamedData.of("Customers in the list of Anna Conti", List.of(plan, CATALOG.get(0)))))
                .containsExactly("customers.search");
    }

    @Test
    void theRouterFallsBackToNamedDataOnlyWhenNothingIsRelevant() {
        KeywordIndex index = KeywordIndex.build(CATALOG);
        Route named = new DeterministicRouter(8).route(new RankingQuery("Ottavio Caruso's phone number?", List.of(),
                null), index);
        assertThat(named.candidates()).extracting(candidate -> candidate.capability().name())
                .containsExactly("customers.search");
        Route ranked = new DeterministicRouter(8).route(new RankingQuery("payments of invoice INV-1009", List.of(),
                null), index);
        assertThat(ranked.candidates().get(0).capability().name()).isEqualTo("payments.list");
        assertThat(ranked.candidates()).extracting(candidate -> candidate.capability().name())
                .doesNotContain("customers.search");
    }

    private static List<String> names(List<RankedCapability> ranked) {
        return ranked.stream().map(r -> r.capability().name()).toList();
    }

    private static Capability withFields(String name, String entity, String operation, String description,
                                         List<String> fields) {
        Capability base = CapabilityFixtures.capability(name, entity, operation, description, "/" + name,
                java.util.Map.of(), List.of());
        return new Capability(base.name(), base.kind(), base.family(), base.entity(), base.operation(),
                base.description(), base.aliases(), base.readOnly(), base.endpoint(), base.inputSchema(),
                base.outputCollectionPath(), base.outputPaths(), base.inputsFrom(), null, fields, null);
    }
}
