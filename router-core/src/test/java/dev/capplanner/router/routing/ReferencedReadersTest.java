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
    void aPersonANestedRecordNamesByLoginIsReadByTheReaderOfTheInputTheLoginFills() {
        Capability pull = CapabilityFixtures.declared(CapabilityFixtures.capability("pulls.get", "pull", "get",
                "Get a pull request.", "/repos/{owner}/{repo}/pulls/{pull_number}",
                Map.of("owner", "", "repo", "", "pull_number", ""), List.of()), List.of("id", "user.login", "head.sha"),
                List.of());
        Capability userByName = CapabilityFixtures.capability("users.get-by-username", "user", "detail", "Get a user.",
                "/users/{username}", Map.of("username", ""), List.of());
        Capability commit = CapabilityFixtures.capability("repos.get-commit", "commit", "get", "Get a commit.",
                "/commits/{ref}", Map.of("ref", ""), List.of());
        assertThat(ReferencedReaders.references(pull)).as("the head commit is no person")
                .containsExactly(new ReferencedReaders.Reference("user", "login"));

        List<RoutedCandidate> route = ReferencedReaders.with(List.of(new RoutedCandidate(pull, 1.0, List.of())),
                "Who opened pull request 12 in octocat/Hello-World?", List.of(commit, pull, userByName), 3, 8);
        assertThat(route).extracting(c -> c.capability().name()).containsExactly("pulls.get", "users.get-by-username");
        assertThat(route.get(1).reasons()).containsExactly(new MatchReason.ReadsReference("user", "pulls.get"));
    }

    @Test
    void withoutAWhoOrIntoAnEmptyRouteNothingJoins() {
        List<RoutedCandidate> two = routed("orders.detail", "orders.list");
        assertThat(ReferencedReaders.with(two, "What is the status of order O-5003?", DEMO, 3, 8)).isEqualTo(two);
        assertThat(ReferencedReaders.with(two, "Show the whole order O-5003", DEMO, 3, 8))
                .as("who as a word, not inside another").isEqualTo(two);
        assertThat(ReferencedReaders.with(two, "Orders of the customers who paid late", DEMO, 3, 8))
                .as("a relative who asks for nobody").isEqualTo(two);
        assertThat(ReferencedReaders.with(List.of(), "Who won the match yesterday?", DEMO, 3, 8))
                .as("no fit, no route").isEmpty();
    }

    /**
     * On a large catalog the route is always full: the reader takes the place of the lowest-ranked slot,
     * right after the leading candidates; look-alike members give way when the route is fitted.
     */
    @Test
    void inAFullRouteTheReaderTakesTheLowestRankedSlotAndMembersGiveWay() {
        List<RoutedCandidate> full = IntStream.range(0, 8).mapToObj(i -> new RoutedCandidate(
                i == 0 ? capability("orders.detail") : CapabilityFixtures.capability("invoices.view" + i, "invoice",
                        "list", "Invoices " + i, "/invoices/v" + i, Map.of(), List.of()), 1.0 - i / 10.0, List.of()))
                .toList();
        List<RoutedCandidate> withReader = ReferencedReaders.with(full, "Who placed order O-5003?", DEMO, 3, 8);
        assertThat(withReader).hasSize(8);
        assertThat(withReader.subList(0, 3)).isEqualTo(full.subList(0, 3));
        assertThat(withReader.get(3).capability().name()).isEqualTo("customers.detail");
        assertThat(withReader.subList(4, 8)).as("the lowest-ranked slot gave way").isEqualTo(full.subList(3, 7));

        // A finder a leading candidate needs (added unscored at the end) keeps its place; a scored slot gives way.
        List<RoutedCandidate> withFinder = new java.util.ArrayList<>(full.subList(0, 7));
        withFinder.add(new RoutedCandidate(capability("customers.search"), 0.0, List.of()));
        List<RoutedCandidate> kept = ReferencedReaders.with(withFinder, "Who placed order O-5003?", DEMO, 3, 8);
        assertThat(kept).hasSize(8).extracting(c -> c.capability().name())
                .contains("customers.detail", "customers.search").doesNotContain("invoices.view6");
    }

    @Test
    void onlyPersonsAreFollowedAndOnlyFromTheLeadingCandidatesAndTheRecordsTheQuestionIdentifies() {
        List<Capability> snapshot = List.of(ORDER_WITH_SHIPMENT, SHIPMENT, capability("customers.detail"));
        assertThat(ReferencedReaders.referencedPersons(ORDER_WITH_SHIPMENT)).containsExactly("customer");
        assertThat(ReferencedReaders.with(List.of(new RoutedCandidate(ORDER_WITH_SHIPMENT, 1.0, List.of())),
                "Who has order O-5003 and where is its shipment?", snapshot, 3, 8))
                .extracting(c -> c.capability().name()).containsExactly("orders.detail", "customers.detail");
        List<RoutedCandidate> lowDown = routed("orders.list", "customers.search", "orders.list", "orders.detail");
        assertThat(ReferencedReaders.with(lowDown.subList(1, 4), "Who placed my last order?", DEMO, 2, 8))
                .as("the references of a candidate after the leading ones are not followed").hasSize(3);
        assertThat(ReferencedReaders.with(lowDown.subList(1, 4), "Who placed order O-5003?", DEMO, 2, 8))
                .as("the order the question identifies is followed wherever it was placed")
                .extracting(c -> c.capability().name())
                .containsExactly("customers.search", "orders.list", "customers.detail", "orders.detail");
    }

    @Test
    void aLookAlikeMemberGivesWayAndAnotherSourcesReaderIsNeverTaken() {
        RoutedCandidate order = new RoutedCandidate(capability("orders.detail"), 1.0, List.of());
        List<Capability> sevenLookAlikes = IntStream.range(0, 7).mapToObj(i -> CapabilityFixtures.capability(
                "orders.view" + i, "order", "detail", "Order " + i, "/orders/v" + i, Map.of(), List.of())).toList();
        RoutedCandidate family = new RoutedCandidate(order.capability(), 1.0, List.of(), sevenLookAlikes);
        assertThat(family.offeredNames()).hasSize(8);
        List<RoutedCandidate> fitted = ToolPlaces.fit(ReferencedReaders.with(List.of(family),
                "Who placed order O-5003?", DEMO, 3, 8), 8);
        assertThat(fitted).extracting(c -> c.capability().name()).containsExactly("orders.detail", "customers.detail");
        assertThat(fitted.get(0).lookAlikes()).as("a look-alike member gives way to the reader").hasSize(6);
        Capability foreignReader = CapabilityFixtures.capability("crm.customer", "customer", "detail", "A CRM customer.",
                "/crm/customers/{customerId}", Map.of("customerId", "^C-[0-9]{4}$"), List.of());
        Capability foreign = new Capability(foreignReader.name(), foreignReader.kind(), "api:crm", "customer", "detail",
                foreignReader.description(), List.of(), true, new dev.capplanner.contracts.events.Endpoint("crm", "GET",
                "/crm/customers/{customerId}"), foreignReader.inputSchema(), null);
        assertThat(ReferencedReaders.with(routed("orders.detail"), "Who placed order O-5003?", List.of(foreign), 3, 8))
                .as("an order's customerId means nothing to another source").hasSize(1);
    }

    @Test
    void atMostTwoReadersJoin() {
        Capability order = CapabilityFixtures.declared(capability("orders.detail"),
                List.of("id", "customerId", "ownerId", "agentId"), List.of());
        List<Capability> snapshot = List.of(order, capability("customers.detail"), reader("owner"), reader("agent"));
        assertThat(ReferencedReaders.with(List.of(new RoutedCandidate(order, 1.0, List.of())),
                "Who handled order O-5003?", snapshot, 3, 8)).hasSize(1 + ReferencedReaders.MOST_READERS);
    }

    private static Capability reader(String entity) {
        return CapabilityFixtures.capability(entity + "s.detail", entity, "detail", "One " + entity + ".",
                "/" + entity + "s/{" + entity + "Id}", Map.of(entity + "Id", "^X-[0-9]{4}$"), List.of());
    }

    private static List<RoutedCandidate> routed(String... names) {
        return IntStream.range(0, names.length)
                .mapToObj(i -> new RoutedCandidate(capability(names[i]), 1.0 - i / 10.0, List.of())).toList();
    }

    private static Capability capability(String name) {
        return DEMO.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
