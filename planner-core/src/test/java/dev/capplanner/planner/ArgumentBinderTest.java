package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgumentBinderTest {

    final ArgumentBinder binder = new ArgumentBinder();

    @Test
    void patternedParameterTakesTheMatchingValueFromTheQuestion() {
        assertThat(binder.bind(tool("orders.detail"), "status of O-5002 please", null))
                .contains(Map.of("orderId", "O-5002"));
    }

    @Test
    void valueMustMatchAsAWholeToken() {
        assertThat(binder.bind(tool("orders.detail"), "status of XO-50023", null)).isEmpty();
    }

    @Test
    void selectedRowAnswersTheIdOfItsEntity() {
        SelectedRow customer = new SelectedRow("customer", Map.of("id", "C-1002", "name", "R. Lorini"));
        assertThat(binder.bind(tool("orders.list"), "and their orders?", customer))
                .contains(Map.of("customerId", "C-1002"));
    }

    @Test
    void nameParameterTakesAPersonNameButNotTheSentenceVerb() {
        assertThat(binder.bind(tool("customers.search"), "Show the orders for Riccardo Lorini", null))
                .contains(Map.of("name", "Riccardo Lorini"));
        assertThat(binder.bind(tool("customers.search"), "Riccardo Lorini's orders", null)).isEmpty();
    }

    @Test
    void aFreeTextSearchQueryTakesTheQuestionWithinItsDeclaredLength() {
        ToolSpec search = new ToolSpec("help-center.search", "article", true, java.util.Map.of("type", "object",
                "required", java.util.List.of("query"), "properties", java.util.Map.of("query",
                        java.util.Map.of("type", "string", "minLength", 2, "maxLength", 40))));
        assertThat(binder.bind(search, "  What is your return policy? ", null))
                .contains(java.util.Map.of("query", "What is your return policy?"));
        assertThat(binder.bind(search, "What is your return policy for items that arrived damaged?", null))
                .as("longer than the schema allows: not cut, not bound").isEmpty();
        ToolSpec patterned = new ToolSpec("codes.lookup", "code", true, java.util.Map.of("type", "object",
                "required", java.util.List.of("query"), "properties", java.util.Map.of("query",
                        java.util.Map.of("type", "string", "pattern", "^[A-Z]{3}$"))));
        assertThat(binder.bind(patterned, "What is the return policy?", null))
                .as("a constrained query is not free text").isEmpty();
    }

    @Test
    void anOptionalFilterIsTakenOnlyAsASchemaValidValueTheQuestionStates() {
        ToolSpec tickets = new ToolSpec("tickets.list", "ticket", true, java.util.Map.of("type", "object",
                "properties", java.util.Map.of(
                        "status", java.util.Map.of("type", "string", "enum", java.util.List.of("open", "in_progress",
                                "closed")),
                        "limit", java.util.Map.of("type", "integer", "minimum", 1, "maximum", 50),
                        "tenant", java.util.Map.of("type", "string", "enum", java.util.List.of("acme"),
                                "x-capplanner-bind", "tenant"))));
        assertThat(binder.bind(tickets, "Show the open tickets", null)).contains(java.util.Map.of("status", "open"));
        assertThat(binder.bind(tickets, "the last 5 tickets still in progress", null))
                .contains(java.util.Map.of("status", "in_progress", "limit", 5));
        assertThat(binder.bind(tickets, "open or closed tickets", null)).as("two values: no filter")
                .contains(java.util.Map.of());
        assertThat(binder.bind(tickets, "the last 500 tickets", null)).as("outside the declared range")
                .contains(java.util.Map.of());
        assertThat(binder.bind(tickets, "tickets reopened for acme", null))
                .as("a word inside another is no value; a run-bound parameter is never filled")
                .contains(java.util.Map.of());
    }

    @Test
    void aLimitCountsOnlyTheToolsOwnEntityAndTheLastOneIsOne() {
        java.util.Map<String, Object> limited = java.util.Map.of("type", "object", "properties",
                java.util.Map.of("limit", java.util.Map.of("type", "integer", "minimum", 1, "maximum", 50)));
        ToolSpec orders = new ToolSpec("orders.list", "order", true, limited);
        ToolSpec invoices = new ToolSpec("invoices.list", "invoice", true, limited);
        assertThat(binder.filters(orders, "Where is the parcel of Anna Conti's last order?"))
                .isEqualTo(java.util.Map.of("limit", 1));
        assertThat(binder.filters(invoices, "Where is the parcel of Anna Conti's last order?"))
                .as("the last order limits no invoices").isEmpty();
        assertThat(binder.filters(orders, "the 5 latest orders of C-1040")).isEqualTo(java.util.Map.of("limit", 5));
        assertThat(binder.filters(orders, "orders of the last 3 days")).as("days are not orders").isEmpty();
        assertThat(binder.filters(invoices, "the last 2 orders")).isEmpty();
        assertThat(binder.filters(orders, "the most recent order")).isEqualTo(java.util.Map.of("limit", 1));
    }

    @Test
    void missingRequiredValueIsNeverInvented() {
        assertThat(binder.bind(tool("orders.list"), "show me the orders", null)).isEmpty();
        assertThat(binder.bind(tool("customers.search"), "find a customer", null)).isEmpty();
    }

    private static ToolSpec tool(String name) {
        return RoutedTools.toolSpec(CapabilityFixtures.demo().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow());
    }
}
