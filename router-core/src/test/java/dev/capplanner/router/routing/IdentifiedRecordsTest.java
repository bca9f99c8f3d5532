package dev.capplanner.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The record a question identifies by its declared form is where its plan starts: its reader is routed. */
class IdentifiedRecordsTest {

    static final Capability TICKET = CapabilityFixtures.capability("tickets.detail", "ticket", "detail",
            "One support ticket.", "/tickets/{ticketId}", Map.of("ticketId", "^T-[0-9]{4}$"), List.of());
    static final Capability CUSTOMER = CapabilityFixtures.capability("customers.detail", "customer", "detail",
            "One customer.", "/customers/{customerId}", Map.of("customerId", "^C-[0-9]{4}$"), List.of());
    static final Capability ORDERS_OF_CUSTOMER = CapabilityFixtures.capability("orders.list", "order", "list",
            "A customer's orders.", "/customers/{customerId}/orders", Map.of("customerId", "^C-[0-9]{4}$"), List.of());
    static final List<RoutedCandidate> INVOICE_TOOLS = IntStream.range(0, 8)
            .mapToObj(i -> new RoutedCandidate(CapabilityFixtures.capability("invoices.view" + i, "invoice", "list",
                    "Invoices " + i, "/invoices/v" + i, Map.of(), List.of()), 1.0 - i / 10.0, List.of()))
            .toList();
    static final List<Capability> SNAPSHOT = List.of(ORDERS_OF_CUSTOMER, CUSTOMER, TICKET);

    @Test
    void theReaderOfAnIdentifiedRecordTakesAPlaceRightAfterTheLeadingCandidatesOfAFullRoute() {
        List<RoutedCandidate> route = IdentifiedRecords.with(INVOICE_TOOLS,
                "Before I escalate T-4375, check whether that customer has unpaid invoices", SNAPSHOT, 3, 8);
        assertThat(route).hasSize(8);
        assertThat(route).extracting(c -> c.capability().name()).startsWith("invoices.view0", "invoices.view1",
                "invoices.view2", "tickets.detail").doesNotContain("invoices.view7");
    }

    @Test
    void aReaderTheRankersPlacedLastMovesUpSoAFullRouteGivesUpAnotherPlaceFirst() {
        List<RoutedCandidate> ranked = new java.util.ArrayList<>(INVOICE_TOOLS.subList(0, 7));
        ranked.add(new RoutedCandidate(TICKET, 0.1, List.of()));
        List<RoutedCandidate> route = IdentifiedRecords.with(ranked, "Customer on T-4340 says the parcel never came",
                SNAPSHOT, 3, 8);
        assertThat(route).hasSize(8);
        assertThat(route.get(3).capability().name()).isEqualTo("tickets.detail");
        assertThat(route.get(3).score()).as("its rank's score kept").isEqualTo(0.1);
    }

    @Test
    void onlyAReaderOfOneRecordOfItsOwnEntityAndOnlyForAValueInTheDeclaredForm() {
        assertThat(IdentifiedRecords.with(INVOICE_TOOLS.subList(0, 2), "invoices of customer C-1001", SNAPSHOT, 3, 8))
                .extracting(c -> c.capability().name()).as("the list takes the customer's id but reads orders")
                .containsExactly("invoices.view0", "invoices.view1", "customers.detail");
        assertThat(IdentifiedRecords.with(List.of(), "Is T-2024 a leap year?", SNAPSHOT, 3, 8))
                .as("an empty route stays empty: no fit, no route").isEmpty();
        assertThat(IdentifiedRecords.with(INVOICE_TOOLS, "unpaid invoices of T-43751 or C-12", SNAPSHOT, 3, 8))
                .as("no value in a declared form").isEqualTo(INVOICE_TOOLS);
        assertThat(IdentifiedRecords.with(INVOICE_TOOLS, "unpaid invoices please", SNAPSHOT, 3, 8))
                .isEqualTo(INVOICE_TOOLS);
    }

    @Test
    void aPatternThatDoesNotCompileTakesAnyValueOrBacktracksWithoutEndIdentifiesNothing() {
        List<RoutedCandidate> one = INVOICE_TOOLS.subList(0, 1);
        Capability broken = CapabilityFixtures.capability("things.detail", "thing", "detail", "A thing.",
                "/things/{thingId}", Map.of("thingId", "^(T-[0-9"), List.of());
        assertThat(IdentifiedRecords.with(one, "thing T-1001", List.of(broken), 3, 8)).isEqualTo(one);
        Capability anything = CapabilityFixtures.capability("aa.detail", "aa", "detail", "Anything.",
                "/aa/{aaId}", Map.of("aaId", "^.*$"), List.of());
        assertThat(IdentifiedRecords.with(one, "unpaid invoices of T-1001", List.of(anything, TICKET), 3, 8))
                .extracting(c -> c.capability().name()).containsExactly("invoices.view0", "tickets.detail");
        Capability backtracking = CapabilityFixtures.capability("bb.detail", "bb", "detail", "Slow.",
                "/bb/{bbId}", Map.of("bbId", "^(a+)+$"), List.of());
        String slow = "a".repeat(60) + "1";
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), () ->
                assertThat(IdentifiedRecords.with(one, "invoices of " + slow, List.of(backtracking), 3, 8))
                        .isEqualTo(one));
    }

    /** "Issue 1234", "PR #5000": the reader of one record named by a number takes a place like an identified one. */
    @Test
    void theReaderOfARecordNamedByItsNumberIsRoutedAndOnlyThatEntitysReader() {
        Capability issue = numbered("issues.get", "issue", "issue_number");
        Capability pull = numbered("pulls.get", "pull", "pull_number");
        Capability stack = numbered("stacks.get", "stack", "stack_number");
        List<Capability> snapshot = List.of(stack, pull, issue);

        List<RoutedCandidate> route = IdentifiedRecords.with(INVOICE_TOOLS,
                "Who opened issue 1234 in rails/rails? Show their profile", snapshot, 3, 8);
        assertThat(route).hasSize(8).extracting(c -> c.capability().name())
                .containsExactly("invoices.view0", "invoices.view1", "invoices.view2", "issues.get", "invoices.view3",
                        "invoices.view4", "invoices.view5", "invoices.view6");
        assertThat(route.get(3).reasons()).containsExactly(
                new dev.capplanner.router.ranking.MatchReason.TermMatch("issue_number", "number"));
        assertThat(IdentifiedRecords.with(INVOICE_TOOLS.subList(0, 1), "Did the checks pass on PR #300 in pypa/pip?",
                snapshot, 3, 8)).extracting(c -> c.capability().name()).containsExactly("invoices.view0", "pulls.get");
        assertThat(IdentifiedRecords.with(INVOICE_TOOLS.subList(0, 1), "Show the 20 newest issues of rails/rails",
                snapshot, 3, 8)).as("a count is not an issue's number").hasSize(1);
        List<RoutedCandidate> rankedLast = new java.util.ArrayList<>(INVOICE_TOOLS.subList(0, 7));
        rankedLast.add(new RoutedCandidate(pull, 0.1, List.of()));
        assertThat(IdentifiedRecords.with(rankedLast, "Show pull request #12 of octocat/Hello-World", snapshot, 3, 8)
                .get(3).capability().name()).as("ranked last, moved up").isEqualTo("pulls.get");
    }

    private static Capability numbered(String name, String entity, String number) {
        Map<String, Object> properties = Map.of("owner", Map.of("type", "string"), "repo", Map.of("type", "string"),
                number, Map.of("type", "integer", "minimum", 1));
        return new Capability(name, "api", "api:" + entity, entity, "get", "Get one " + entity + ".", List.of(), true,
                new dev.capplanner.contracts.events.Endpoint("github", "GET", "/repos/{owner}/{repo}/" + entity + "s/{"
                        + number + "}"), Map.of("type", "object", "required", List.of("owner", "repo", number),
                "properties", properties), null);
    }
}
