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
        assertThat(TargetOrder.asksForOne("Can I get C-4150's order history?", "order"))
                .as("a history of orders is several").isFalse();
        assertThat(TargetOrder.asksForMany("Can I get C-4150's order history?", "order")).isTrue();
    }

    private static final java.util.Map<String, Object> BY_USERNAME = java.util.Map.of("type", "object", "required",
            java.util.List.of("username"), "properties", java.util.Map.of("username", java.util.Map.of("type", "string")));

    private static dev.capplanner.planner.plan.ToolSpec tool(String name, String entity, String operation,
                                                             boolean ranked, java.util.Map<String, Object> input,
                                                             java.util.List<String> outputFields) {
        return new dev.capplanner.planner.plan.ToolSpec(name, entity, operation, true, input, java.util.List.of(),
                java.util.List.of(), ranked, "", outputFields);
    }

    @Test
    void whatAWhoAsksOfThePersonComesBeforeThePerson() {
        java.util.Map<String, Object> issue = java.util.Map.of("type", "object", "required",
                java.util.List.of("owner", "repo", "issue_number"), "properties", java.util.Map.of(
                        "owner", java.util.Map.of("type", "string"), "repo", java.util.Map.of("type", "string"),
                        "issue_number", java.util.Map.of("type", "integer")));
        var issueReader = tool("issues_get", "issue", "get", true, issue, java.util.List.of("title"));
        var repositories = tool("repos_list-for-user", "repository", "list", true, BY_USERNAME, java.util.List.of());
        var followers = tool("users_list-followers-for-user", "follower", "list", true, BY_USERNAME,
                java.util.List.of());
        var person = tool("users_get-by-username", "user", "get", false, BY_USERNAME, java.util.List.of());
        var routed = java.util.List.of(issueReader, repositories, followers, person);
        java.util.List<dev.capplanner.planner.plan.ToolSpec> order = TargetOrder.of(
                "Who opened issue #1000 in vuejs/core, and what repositories does that person have?", routed);
        assertThat(order.indexOf(repositories)).as("the person's repositories, asked of them")
                .isLessThan(order.indexOf(person));
        java.util.List<dev.capplanner.planner.plan.ToolSpec> profile = TargetOrder.of(
                "Who opened issue 1234 in rails/rails? Show their profile", routed);
        assertThat(profile.indexOf(person)).as("no other entity asked of them: the person")
                .isLessThan(profile.indexOf(repositories)).isLessThan(profile.indexOf(followers));
    }

    @Test
    void aRecordsReaderAnswersForAFieldItsListsRowsLack() {
        java.util.Map<String, Object> byCustomer = java.util.Map.of("type", "object", "required",
                java.util.List.of("customerId"), "properties", java.util.Map.of("customerId",
                        java.util.Map.of("type", "string")));
        java.util.Map<String, Object> byOrder = java.util.Map.of("type", "object", "required",
                java.util.List.of("orderId"), "properties", java.util.Map.of("orderId",
                        java.util.Map.of("type", "string")));
        var orders = tool("orders.list", "order", "list", true, byCustomer, java.util.List.of("date", "status", "total"));
        var order = tool("orders.detail", "order", "detail", true, byOrder,
                java.util.List.of("date", "status", "total", "lines"));
        var routed = java.util.List.of(orders, order);
        assertThat(TargetOrder.of("What lines were on her most recent order?", routed)).startsWith(order);
        assertThat(TargetOrder.of("What's the status of her most recent order?", routed))
                .as("the list's rows carry it").startsWith(orders);
        assertThat(TargetOrder.of("What lines were on her orders?", routed))
                .as("several asked for: the list, its rows read one by one later").startsWith(orders);
        var undeclared = tool("orders.detail", "order", "detail", true, byOrder, java.util.List.of());
        assertThat(TargetOrder.of("What lines were on her most recent order?", java.util.List.of(orders, undeclared)))
                .as("a reader that declares no fields says nothing").startsWith(orders);
    }

    @Test
    void anUnrankedFinderAnswersWhenItAloneReadsTheEntityAskedFor() {
        java.util.Map<String, Object> byName = java.util.Map.of("type", "object", "required",
                java.util.List.of("name"), "properties", java.util.Map.of("name", java.util.Map.of("type", "string")));
        java.util.Map<String, Object> byOrder = java.util.Map.of("type", "object", "required",
                java.util.List.of("orderId"), "properties", java.util.Map.of("orderId",
                        java.util.Map.of("type", "string")));
        var shipments = tool("shipments.list", "shipment", "list", true, byOrder, java.util.List.of("carrier"));
        var customers = tool("customers.search", "customer", "search", false, byName, java.util.List.of("city"));
        assertThat(TargetOrder.of("Ugo Santangelo: which city is he in? Need it for the courier form.",
                java.util.List.of(shipments, customers))).startsWith(customers);
        assertThat(TargetOrder.of("Which carrier has the parcel of Ugo Santangelo's order?",
                java.util.List.of(shipments, customers))).as("a step to what is asked, not the answer")
                .containsExactly(shipments);
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
