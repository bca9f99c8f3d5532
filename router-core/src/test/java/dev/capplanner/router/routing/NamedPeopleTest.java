package dev.capplanner.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A person the question names is where its plan starts: the finder by a person's name is routed. */
class NamedPeopleTest {

    static final Capability SEARCH = CapabilityFixtures.capability("customers.search", "customer", "search",
            "Find customers by name.", "/customers", Map.of("name", ""), List.of());
    static final Capability BY_FILE_NAME = CapabilityFixtures.capability("files.search", "file", "search",
            "Find files.", "/files", Map.of("filename", ""), List.of());
    static final Capability ORDERS = CapabilityFixtures.capability("orders.list", "order", "list",
            "A customer's orders.", "/customers/{customerId}/orders", Map.of("customerId", "^C-[0-9]{4}$"), List.of());
    static final List<RoutedCandidate> SHIPMENT_TOOLS = IntStream.range(0, 8)
            .mapToObj(i -> new RoutedCandidate(CapabilityFixtures.capability("shipments.view" + i, "shipment", "list",
                    "Shipments " + i, "/shipments/v" + i, Map.of(), List.of()), 1.0 - i / 10.0, List.of()))
            .toList();
    static final List<Capability> SNAPSHOT = List.of(ORDERS, BY_FILE_NAME, SEARCH);

    @Test
    void theFinderByAPersonsNameTakesAPlaceRightAfterTheLeadingCandidates() {
        List<RoutedCandidate> route = NamedPeople.with(SHIPMENT_TOOLS,
                "Ugo Santangelo: which city is he in? Need it for the courier form.", SNAPSHOT, 3, 8);
        assertThat(route).hasSize(8);
        assertThat(route).extracting(c -> c.capability().name()).startsWith("shipments.view0", "shipments.view1",
                "shipments.view2", "customers.search").doesNotContain("shipments.view7");
        assertThat(route.get(3).score()).as("added, not ranked").isZero();
    }

    @Test
    void onlyForANameWhenNoCandidateTakesOneAndNeverIntoAnEmptyRoute() {
        assertThat(NamedPeople.with(SHIPMENT_TOOLS, "where is the parcel of order O-5002?", SNAPSHOT, 3, 8))
                .as("no person named").isEqualTo(SHIPMENT_TOOLS);
        assertThat(NamedPeople.with(SHIPMENT_TOOLS, "Show the parcels", SNAPSHOT, 3, 8))
                .as("a sentence's capitalized first word is no name").isEqualTo(SHIPMENT_TOOLS);
        List<RoutedCandidate> withSearch = List.of(SHIPMENT_TOOLS.get(0), new RoutedCandidate(SEARCH, 0.2, List.of()));
        assertThat(NamedPeople.with(withSearch, "Ugo Santangelo's parcels", SNAPSHOT, 3, 8))
                .as("already routed").isEqualTo(withSearch);
        assertThat(NamedPeople.with(List.of(), "Do we have anyone called Ginevra Pellegrini?", SNAPSHOT, 3, 8))
                .as("no fit, no route").isEmpty();
        assertThat(NamedPeople.with(SHIPMENT_TOOLS.subList(0, 2), "Ugo Santangelo's parcels",
                List.of(ORDERS, BY_FILE_NAME), 3, 8)).as("a file name is no person's name")
                .isEqualTo(SHIPMENT_TOOLS.subList(0, 2));
        Capability products = CapabilityFixtures.capability("products.search", "product", "search",
                "Find products by name.", "/products", Map.of("name", ""), List.of());
        assertThat(NamedPeople.with(SHIPMENT_TOOLS.subList(0, 2), "Ugo Santangelo's parcels",
                List.of(products), 3, 8)).as("a product's finder finds no person")
                .isEqualTo(SHIPMENT_TOOLS.subList(0, 2));
    }

    @Test
    void aFullRouteGivesUpItsLowestScoredPlaceNeverAFinder() {
        List<RoutedCandidate> withFinder = new java.util.ArrayList<>(SHIPMENT_TOOLS.subList(0, 7));
        withFinder.add(new RoutedCandidate(ORDERS, 0.0, List.of()));
        List<RoutedCandidate> route = NamedPeople.with(withFinder,
                "Ugo Santangelo: which city is he in?", SNAPSHOT, 3, 8);
        assertThat(route).hasSize(8).extracting(c -> c.capability().name())
                .contains("customers.search", "orders.list").doesNotContain("shipments.view6");
    }
}
