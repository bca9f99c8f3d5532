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

    @Test
    void aOneRecordToolGivesWayToAListOfTheSameScopeOnlyForSeveral() {
        java.util.Map<String, Object> repository = java.util.Map.of("type", "object", "required",
                java.util.List.of("owner", "repo"), "properties", java.util.Map.of("owner", java.util.Map.of("type",
                        "string"), "repo", java.util.Map.of("type", "string")));
        dev.capplanner.planner.plan.ToolSpec topics = new dev.capplanner.planner.plan.ToolSpec("repos_get-all-topics",
                "topic", "get", true, repository, java.util.List.of(), java.util.List.of(), true, "", null);
        dev.capplanner.planner.plan.ToolSpec search = new dev.capplanner.planner.plan.ToolSpec("search_topics",
                "topic", "search", true, java.util.Map.of("type", "object", "required", java.util.List.of("q"),
                "properties", java.util.Map.of("q", java.util.Map.of("type", "string"))), java.util.List.of(),
                java.util.List.of(), true, "", null);
        assertThat(TargetOrder.of("Which topics is vercel/next.js tagged with?", java.util.List.of(topics, search)))
                .as("a search across every repository reads another scope than one repository's topics")
                .startsWith(topics);
        dev.capplanner.planner.plan.ToolSpec latest = new dev.capplanner.planner.plan.ToolSpec(
                "repos_get-latest-release", "release", "get", true, repository, java.util.List.of(),
                java.util.List.of(), true, "", null);
        dev.capplanner.planner.plan.ToolSpec releases = new dev.capplanner.planner.plan.ToolSpec("repos_list-releases",
                "release", "list", true, repository, java.util.List.of(), java.util.List.of(), true, "", null);
        assertThat(TargetOrder.of("Ten latest releases of nodejs/node", java.util.List.of(latest, releases)))
                .as("the list of the same repository answers several").startsWith(releases);
    }
}
