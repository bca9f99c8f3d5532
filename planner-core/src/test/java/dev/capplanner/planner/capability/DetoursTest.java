package dev.capplanner.planner.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A plan that leaves an entity and comes back to it answers about other records of it. */
class DetoursTest {

    static final Map<String, ToolSpec> DEMO = CapabilityFixtures.demo().stream().map(RoutedTools::toolSpec)
            .collect(Collectors.toMap(ToolSpec::name, tool -> tool));

    @Test
    void anOrderFoundThroughItsCustomerIsAReturnAnOrderFoundInAListIsNot() {
        PlannedCall order = PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5002"));
        PlannedCall ordersOfItsCustomer = new PlannedCall("a2", "orders.list", Map.of(), List.of("a1"),
                Map.of("customerId", new ArgumentSource("a1", "customerId")));
        assertThat(Detours.of(List.of(order, ordersOfItsCustomer), DEMO)).isEqualTo(Detours.RETURNS);
        PlannedCall list = PlannedCall.of("a1", "orders.list", Map.of("customerId", "C-1001"));
        PlannedCall detailOfTheFirst = new PlannedCall("a2", "orders.detail", Map.of(), List.of("a1"),
                Map.of("orderId", new ArgumentSource("a1", "items[].id")));
        assertThat(Detours.of(List.of(list, detailOfTheFirst), DEMO)).isEqualTo(Detours.NONE);
    }

    @Test
    void aReturnIsMeantWhenTheQuestionNamesTheRecordItPassesThrough() {
        PlannedCall order = PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5002"));
        PlannedCall ordersOfItsCustomer = new PlannedCall("a2", "orders.list", Map.of(), List.of("a1"),
                Map.of("customerId", new ArgumentSource("a1", "customerId")));
        List<PlannedCall> calls = List.of(order, ordersOfItsCustomer);
        assertThat(Detours.namesTheWayBack("Has the customer who placed O-5002 got any open orders?", calls, DEMO))
                .isTrue();
        assertThat(Detours.namesTheWayBack("Is order O-5002 open?", calls, DEMO)).isFalse();
        assertThat(Detours.namesTheWayBack("The customer is chasing O-5002: when was it placed?", calls, DEMO))
                .as("the person is named, the records the plan returns to are not").isFalse();
        PlannedCall customer = new PlannedCall("a2", "customers.detail", Map.of(), List.of("a1"),
                Map.of("customerId", new ArgumentSource("a1", "customerId")));
        assertThat(Detours.namesTheWayBack("The customer of order O-5002", List.of(order, customer), DEMO))
                .as("no return at all").isFalse();
        Map<String, ToolSpec> shipments = Map.of(
                "shipments.detail", new ToolSpec("shipments.detail", "shipment", "detail", true, Map.of(), List.of("orderId"),
                        List.of(), true, null, null),
                "shipments.list", new ToolSpec("shipments.list", "shipment", "list", true, Map.of(), List.of("items[].id"),
                        List.of(), true, null, null));
        PlannedCall shipment = PlannedCall.of("a1", "shipments.detail", Map.of("shipmentId", "S-1001"));
        PlannedCall shipmentsOfItsOrder = new PlannedCall("a2", "shipments.list", Map.of(), List.of("a1"),
                Map.of("orderId", new ArgumentSource("a1", "orderId")));
        assertThat(Detours.of(List.of(shipment, shipmentsOfItsOrder), shipments)).isEqualTo(Detours.RETURNS);
        assertThat(Detours.namesTheWayBack("Where is shipment S-1001 of that order?",
                List.of(shipment, shipmentsOfItsOrder), shipments)).as("an order is no person to pass through")
                .isFalse();
    }

    @Test
    void othersAreAskedForOnlyOfTheEntityTheWordQualifies() {
        assertThat(Detours.asksForOthers("Has the person who raised ticket T-1031 opened other tickets?", "ticket"))
                .isTrue();
        assertThat(Detours.asksForOthers("Other orders of the customer of ticket T-1003", "ticket")).isFalse();
        assertThat(Detours.asksForOthers("Is there another open ticket for her?", "ticket")).isTrue();
        assertThat(Detours.asksForOthers("Is invoice INV-1017 paid?", "invoice")).isFalse();
        assertThat(Detours.asksForOthers("Has she opened other tickets this month?", "ticket")).isTrue();
    }
}
