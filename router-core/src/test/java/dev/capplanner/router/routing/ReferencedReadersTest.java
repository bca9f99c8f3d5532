package dev.capplanner.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A "who" question is answered by the person a routed record names: that person's reader is routed. */
class ReferencedReadersTest {

    static final List<Capability> DEMO = CapabilityFixtures.demo();
    static final Capability SHIPMENT = CapabilityFixtures.declared(CapabilityFixtures.capability("shipments.detail",
            "shipment", "detail", "One shipment.", "/shipments/{shipmentId}", Map.of("shipmentId", "^S-[0-9]{4}$"),
            List.of()), List.of("id"), List.of());
    static final Capability ORDER_WITH_SHIPMENT = CapabilityFixtures.declared(capability("orders.detail"),
            List.of("id", "shipmentId", "customerId"), List.of());

    @Test
    void whoAsksForThePersonALeadingCandidatesRecordNamesAndTheirReaderJoinsInAFreePlace() {
        List<RoutedCandidate> route = ReferencedReaders.with(routed("orders.detail", "orders.list"),
                "Who placed order O-5003?", DEMO, 3, 8);
        assertThat(route).extracting(c -> c.capability().name())
                .containsExactly("orders.detail", "orders.list", "customers.detail");
        RoutedCandidate added = route.get(2);
        assertThat(added.score()).as("added, not ranked").isZero();
        assertThat(added.reasons()).containsExactly(new MatchReason.ReadsReference("customer", "orders.detail"));
        assertThat(ReferencedReaders.with(routed("orders.detail"), "I need to call back whoever placed O-5003", DEMO,
                3, 8)).extracting(c -> c.capability().name()).containsExactly("orders.detail", "customers.detail");
    }

    @Test
    void withoutAWhoAFullRouteOrAnEmptyOneNothingJoins() {
        List<RoutedCandidate> two = routed("orders.detail", "orders.list");
        assertThat(ReferencedReaders.with(two, "What is the status of order O-5003?", DEMO, 3, 8)).isEqualTo(two);
        assertThat(ReferencedReaders.with(two, "Show the whole order O-5003", DEMO, 3, 8))
                .as("who as a word, not inside another").isEqualTo(two);
        assertThat(ReferencedReaders.with(List.of(), "Who won the match yesterday?", DEMO, 3, 8))
                .as("no fit, no route").isEmpty();
        List<RoutedCandidate> full = IntStream.range(0, 8).mapToObj(i -> new RoutedCandidate(
                i == 0 ? capability("orders.detail") : CapabilityFixtures.capability("invoices.view" + i, "invoice",
                        "list", "Invoices " + i, "/invoices/v" + i, Map.of(), List.of()), 1.0 - i / 10.0, List.of()))
                .toList();
        assertThat(ReferencedReaders.with(full, "Who placed order O-5003?", DEMO, 3, 8))
                .as("never displaces a ranked candidate").isEqualTo(full);
    }

    @Test
    void onlyPersonsAreFollowedAndOnlyFromTheLeadingCandidates() {
        List<Capability> snapshot = List.of(ORDER_WITH_SHIPMENT, SHIPMENT, capability("customers.detail"));
        assertThat(ReferencedReaders.referencedPersons(ORDER_WITH_SHIPMENT)).containsExactly("customer");
        assertThat(ReferencedReaders.with(List.of(new RoutedCandidate(ORDER_WITH_SHIPMENT, 1.0, List.of())),
                "Who has order O-5003 and where is its shipment?", snapshot, 3, 8))
                .extracting(c -> c.capability().name()).containsExactly("orders.detail", "customers.detail");
        List<RoutedCandidate> lowDown = routed("orders.list", "customers.search", "orders.list", "orders.detail");
        assertThat(ReferencedReaders.with(lowDown.subList(1, 4), "Who placed order O-5003?", DEMO, 2, 8))
                .as("the references of a candidate after the leading ones are not followed").hasSize(3);
    }

    private static List<RoutedCandidate> routed(String... names) {
        return IntStream.range(0, names.length)
                .mapToObj(i -> new RoutedCandidate(capability(names[i]), 1.0 - i / 10.0, List.of())).toList();
    }

    private static Capability capability(String name) {
        return DEMO.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
