package dev.capplanner.planner.capability;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** One record or several: what the question's number says about which tool answers. */
class TargetOrderTest {

    @Test
    void oneRecordIsAskedForInTheSingularUnlessItIsTheNewestOfSeveral() {
        assertThat(TargetOrder.asksForOne("Ticket T-1024 mentions an order; show me that order", "order")).isTrue();
        assertThat(TargetOrder.asksForOne("Shipment details for the parcel of order O-5014", "shipment")).isTrue();
        assertThat(TargetOrder.asksForOne("What was Anna Conti's last order?", "order"))
                .as("a list limited to one answers it").isFalse();
        assertThat(TargetOrder.asksForOne("Show the orders and the order total", "order")).isFalse();
        assertThat(TargetOrder.asksForOne("Closed pull requests in golang/go", "pull"))
                .as("the entity's word in a plural compound").isFalse();
        assertThat(TargetOrder.asksForOne("How urgent is T-2789, and which order does it concern?", "order"))
                .as("a verb ending in s makes no compound").isTrue();
        assertThat(TargetOrder.asksForOne("Since when has C-2087 been one of our customers?", "customer"))
                .as("one of several is one").isTrue();
    }

    @Test
    void severalAreAskedForInThePluralOnly() {
        assertThat(TargetOrder.asksForMany("Ten latest releases of nodejs/node", "release")).isTrue();
        assertThat(TargetOrder.asksForMany("Latest release of nodejs/node", "release")).isFalse();
        assertThat(TargetOrder.asksForMany("Since when has C-2087 been one of our customers?", "customer")).isFalse();
        assertThat(TargetOrder.asksForMany("One of our customers asked about his orders", "order")).isTrue();
    }
}
