package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.Observed;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.Relationship;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The deterministic planner: one, two and three steps, chained with $from through declared outputs. */
class CapabilityPlannerTest {

    static final Capability TRACK_SHIPMENT = CapabilityFixtures.declared(new Capability("track_shipment", "mcp",
            "mcp:shipping-desk/shipment", "shipment", "detail", "Where the parcel of one order is.", List.of(), true,
            Endpoint.mcpTool("shipping-desk", "track_shipment"),
            Map.of("type", "object", "required", List.of("orderId"), "additionalProperties", false,
                    "properties", Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$"))), null),
            List.of("orderId", "events[].status"), List.of());

    /** A capability plan about customers, as a snapshot carries it (its definition is the executor's concern). */
    static final Capability STANDING = new Capability("accounts.standing", Capability.PLAN_KIND, "plan", "customer",
            Capability.PLAN_OPERATION, "Whether a customer's account is in good standing.", List.of("good standing"),
            true, Endpoint.plan("accounts.standing"), Map.of("type", "object", "required", List.of("customerId"),
            "additionalProperties", false, "properties", Map.of("customerId", Map.of("type", "string",
                    "pattern", "^C-[0-9]{4}$"))), null, List.of(), List.of(), null, List.of("decision"), null);

    final CapabilityPlanner planner = new CapabilityPlanner(new ArgumentBinder(),
            new PlanValidator(new JsonSchemaArguments()));

    @Test
    void aValueTheUserGaveIsOneStep() {
        ToolPlan plan = plan("What is the status of order O-5002?", null, ranked("orders.detail", "orders.list"));
        assertThat(plan.actions()).containsExactly(PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5002")));
    }

    @Test
    void theOrdersOfANamedCustomerAreTwoStepsTheIdTakenFromTheSearch() {
        List<ToolSpec> routed = ranked("orders.detail", "orders.list");
        routed.add(finder("customers.search"));
        ToolPlan plan = plan("Show the orders for Riccardo Lorini", null, routed);
        assertThat(plan.actions()).containsExactly(
                PlannedCall.of("a1", "customers.search", Map.of("name", "Riccardo Lorini")),
                new PlannedCall("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ArgumentSource("a1", "items[].id"))));
    }

    @Test
    void aPersonAskedForByWhoIsReadThroughTheRecordThatNamesThemThoughNoWordRanksTheirReader() {
        List<ToolSpec> routed = ranked("orders.detail", "orders.list");
        routed.add(finder("customers.detail"));
        List<PlannedCall> placedBy = List.of(PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5003")),
                new PlannedCall("a2", "customers.detail", Map.of(), List.of("a1"),
                        Map.of("customerId", new ArgumentSource("a1", "customerId"))));
        assertThat(plan("Who placed order O-5003?", null, routed).actions()).isEqualTo(placedBy);
        assertThat(plan("I have to call back whoever placed O-5003. Which number?", null, routed).actions())
                .isEqualTo(placedBy);
        assertThat(plan("What is the status of order O-5003?", null, routed).actions())
                .as("without a who, an unranked reader is a step, never the answer")
                .containsExactly(PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5003")));
    }

    @Test
    void askingAboutAllOfThemFansTheChainedStepOutAndOnlyThen() {
        List<ToolSpec> routed = ranked("orders.detail", "orders.list");
        routed.add(finder("customers.search"));
        ToolPlan plan = plan("Show the orders of all customers named Riccardo Lorini", null, routed);
        assertThat(plan.actions()).containsExactly(
                PlannedCall.of("a1", "customers.search", Map.of("name", "Riccardo Lorini")),
                new PlannedCall("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ArgumentSource("a1", "items[].id")), true));
        assertThat(plan("Show the orders for Riccardo Lorini", null, routed).actions())
                .noneMatch(PlannedCall::fanOut);
        assertThat(plan("/all Show the orders for Riccardo Lorini", null, routed).actions())
                .as("typed in the question, /all is the word all: intent").anyMatch(PlannedCall::fanOut);
    }

    /** A bulk read of one entity: the orders of several customers in one call. */
    private static ToolSpec bulkOrders(String listName, String itemPattern) {
        return RoutedTools.toolSpec(bulkCapability("orders.of-customers", listName, itemPattern), true);
    }

    private static Capability bulkCapability(String name, String listName, String itemPattern) {
        Map<String, Object> input = Map.of("type", "object", "required", List.of(listName),
                "additionalProperties", false, "properties", Map.of(listName, Map.of("type", "array", "maxItems", 10,
                        "items", Map.of("type", "string", "pattern", itemPattern))));
        Capability bulk = new Capability(name, "api", "api:orders", "order", "list",
                "List the orders of several customers at once.", List.of(), true,
                new Endpoint("demo-api", "GET", "/orders"), input, "items");
        return CapabilityFixtures.declared(bulk, List.of("items[].id"), List.of());
    }

    @Test
    void askingAboutAllOfThemTakesARoutedBulkCapabilityOverIteratingWhenOneTakesThemAsAList() {
        List<ToolSpec> routed = ranked("orders.detail", "orders.list");
        routed.add(finder("customers.search"));
        routed.add(bulkOrders("customerIds", "^C-[0-9]{4}$"));

        ToolPlan plan = plan("Show the orders of all customers named Riccardo Lorini", null, routed);

        assertThat(plan.actions()).containsExactly(
                PlannedCall.of("a1", "customers.search", Map.of("name", "Riccardo Lorini")),
                new PlannedCall("a2", "orders.of-customers", Map.of(), List.of("a1"),
                        Map.of("customerIds", new ArgumentSource("a1", "items[].id")), true));
        assertThat(plan("Show the orders for Riccardo Lorini", null, routed).actions())
                .as("one customer meant: no bulk, a selection when several match")
                .extracting(PlannedCall::tool).doesNotContain("orders.of-customers");
    }

    @Test
    void aListOfAnotherKindOrNameAnotherSourcesOrOneInShadowIsNoBulkPathAndTheStepIteratesAsBefore() {
        for (ToolSpec unlike : List.of(bulkOrders("customerIds", "^X-[0-9]{4}$"), bulkOrders("tags", "^C-[0-9]{4}$"),
                RoutedTools.toolSpec(bulkCapability("api:elsewhere/orders.of-customers", "customerIds",
                        "^C-[0-9]{4}$"), true),
                RoutedTools.toolSpec(bulkCapability("orders.of-customers", "customerIds", "^C-[0-9]{4}$").asShadow(),
                        true))) {
            List<ToolSpec> routed = ranked("orders.detail", "orders.list");
            routed.add(finder("customers.search"));
            routed.add(unlike);

            ToolPlan plan = plan("Show the orders of all customers named Riccardo Lorini", null, routed);

            assertThat(plan.actions()).filteredOn(PlannedCall::fanOut).singleElement()
                    .satisfies(call -> assertThat(call.tool()).isEqualTo("orders.list"));
        }
    }

    @Test
    void theBackendsTrustedAllCommandFansTheChainedStepOutWithoutAPluralWordInTheQuestion() {
        List<ToolSpec> routed = ranked("orders.detail", "orders.list");
        routed.add(finder("customers.search"));
        String question = "Show the orders for Riccardo Lorini";
        PlanningRequest commanded = new PlanningRequest(question, List.of(), null, routed, Map.of(), List.of(), false,
                "/all");
        assertThat(planner.plan(commanded).plan().actions()).filteredOn(call -> call.tool().equals("orders.list"))
                .singleElement().satisfies(call -> assertThat(call.fanOut()).isTrue());
        PlanningRequest other = new PlanningRequest(question, List.of(), null, routed, Map.of(), List.of(), false,
                "/export");
        assertThat(planner.plan(other).plan().actions()).as("a command that says nothing of plurality")
                .noneMatch(PlannedCall::fanOut);
    }

    @Test
    void theParcelOfACustomersOrderIsThreeStepsAcrossSources() {
        List<ToolSpec> routed = new ArrayList<>(List.of(RoutedTools.toolSpec(TRACK_SHIPMENT, true)));
        routed.addAll(ranked("orders.list"));
        routed.add(finder("customers.search"));
        ToolPlan plan = plan("Where is the parcel of Giulia Bianchi's last order?", null, routed);
        assertThat(plan.actions()).extracting(PlannedCall::tool)
                .containsExactly("customers.search", "orders.list", "track_shipment");
        assertThat(plan.actions().get(0).arguments()).containsEntry("name", "Giulia Bianchi");
        assertThat(plan.actions().get(2).from()).containsEntry("orderId", new ArgumentSource("a2", "items[].id"));
        assertThat(plan.actions().get(2).dependsOn()).containsExactly("a2");
    }

    @Test
    void theSelectionAnswersBeforeAnyChain() {
        SelectedRow order = new SelectedRow("order", Map.of("id", "O-5001", "status", "delivered"));
        ToolPlan plan = plan("Show me the details of this order", order, ranked("orders.detail", "orders.list"));
        assertThat(plan.actions()).containsExactly(PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5001")));
    }

    @Test
    void withoutAFinderNothingIsInventedAndWhatWasTriedIsSaid() {
        ToolPlan plan = plan("Show the orders for Riccardo Lorini", null, ranked("orders.list"));
        assertThat(plan).isInstanceOfSatisfying(ToolPlan.Insufficient.class, insufficient ->
                assertThat(insufficient.reason()).isEqualTo(
                        "no routed candidate could be planned: orders.list (unbound arguments)"));
    }

    @Test
    void aFinderIsTheAnswerOnlyWhenNothingRankedIsRouted() {
        ToolPlan plan = plan("Find Riccardo Lorini", null, List.of(finder("customers.search")));
        assertThat(plan.actions()).extracting(PlannedCall::tool).containsExactly("customers.search");
        ToolPlan withAnAnswer = plan("Show the orders for Riccardo Lorini", null,
                new ArrayList<>(List.of(finder("customers.search"), ranked("orders.list").get(0))));
        assertThat(withAnAnswer.actions()).extracting(PlannedCall::tool).endsWith("orders.list");
    }

    @Test
    void ofTheSourcesOfAnIdentifierTheOneWithFewestCallsFeedsIt() {
        Map<String, Object> byTicket = Map.of("type", "object", "required", List.of("ticketId"),
                "properties", Map.of("ticketId", Map.of("type", "string", "pattern", "^T-[0-9]{4}$")));
        Map<String, Object> byOrder = Map.of("type", "object", "required", List.of("orderId"),
                "properties", Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$")));
        Map<String, Object> byCustomer = Map.of("type", "object", "required", List.of("customerId"),
                "properties", Map.of("customerId", Map.of("type", "string", "pattern", "^C-[0-9]{4}$")));
        ToolSpec ticket = new ToolSpec("tickets.detail", "ticket", "detail", true, byTicket,
                List.of("id", "customerId", "orderId"), List.of(), false, null, null);
        ToolSpec order = new ToolSpec("orders.detail", "order", "detail", true, byOrder, List.of("id", "customerId"),
                List.of(new Relationship("orderId", "tickets.detail", "orderId")), false, null, null);
        ToolSpec orders = new ToolSpec("orders.list", "order", "list", true, byCustomer, List.of("items[].id"),
                List.of(new Relationship("customerId", "orders.detail", "customerId"),
                        new Relationship("customerId", "tickets.detail", "customerId")), true, null, null);
        ToolPlan plan = plan("Other orders of the customer of ticket T-1003", null, List.of(orders, order, ticket));
        assertThat(plan.actions()).extracting(PlannedCall::tool).containsExactly("tickets.detail", "orders.list");
        assertThat(plan.actions().get(1).from()).containsEntry("customerId", new ArgumentSource("a1", "customerId"));
    }

    @Test
    void aCapabilityPlanRankedFirstIsTheAnswer() {
        List<ToolSpec> routed = new ArrayList<>(List.of(RoutedTools.toolSpec(STANDING, true)));
        routed.addAll(ranked("customers.detail"));

        ToolPlan plan = plan("Is the account of customer C-1001 in good standing?", null, routed);

        assertThat(plan.actions()).containsExactly(PlannedCall.of("a1", "accounts.standing",
                Map.of("customerId", "C-1001")));
    }

    @Test
    void aCapabilityPlanRankedLowerIsNeitherTheAnswerNorAStep() {
        ToolPlan plan = plan("Which customer placed order O-5002?", null,
                new ArrayList<>(List.of(RoutedTools.toolSpec(demo("orders.detail"), true),
                        RoutedTools.toolSpec(STANDING, true), RoutedTools.toolSpec(demo("customers.detail"), true))));

        assertThat(plan.actions()).extracting(PlannedCall::tool).containsExactly("orders.detail", "customers.detail");
    }

    @Test
    void theOperationOfPlansInTheCoreIsTheContracts() {
        assertThat(ToolSpec.DECIDES).isEqualTo(Capability.PLAN_OPERATION);
        assertThat(RoutedTools.toolSpec(STANDING, true).decides()).isTrue();
    }

    @Test
    void theToolOfTheEntityAskedForIsTheAnswerAndTheOneNamedByItsIdAStep() {
        ToolPlan plan = plan("Which customer placed order O-5002?", null,
                new ArrayList<>(List.of(RoutedTools.toolSpec(demo("orders.detail"), true),
                        RoutedTools.toolSpec(demo("customers.detail"), true))));
        assertThat(plan.actions()).extracting(PlannedCall::tool).containsExactly("orders.detail", "customers.detail");
    }

    @Test
    void anIdentifierNoToolDeclaresIsFoundByOneCallAndTheNextIterationPlansFromWhatCameBack() {
        ToolSpec lookup = new ToolSpec("lookup_customer", "customer", "detail", true, Map.of("type", "object",
                "required", List.of("email"), "properties", Map.of("email", Map.of("type", "string", "format", "email"))),
                List.of(), List.of(), false, "Find a customer by e-mail.", null);
        ToolSpec tickets = new ToolSpec("tickets.list", "ticket", "list", true, Map.of("type", "object",
                "required", List.of("customerId"), "properties", Map.of(
                        "customerId", Map.of("type", "string", "pattern", "^C-[0-9]{4}$"),
                        "status", Map.of("type", "string", "enum", List.of("open", "closed")))),
                List.of("items[].id"), List.of(), true, "A customer's tickets.", null);
        String question = "Open tickets of the customer with e-mail anna.conti@example.com";
        List<ToolSpec> routed = List.of(tickets, lookup);
        assertThat(planner.plan(new PlanningRequest(question, List.of(), null, routed, Map.of(), List.of(), false)).plan())
                .as("no iteration left: nothing is assumed").isInstanceOf(ToolPlan.Insufficient.class);

        ToolPlan first = planner.plan(new PlanningRequest(question, List.of(), null, routed, Map.of(), List.of(), true))
                .plan();
        assertThat(first.continues()).isTrue();
        assertThat(first.actions()).containsExactly(
                PlannedCall.of("a1", "lookup_customer", Map.of("email", "anna.conti@example.com")));

        Observed found = new Observed(0, "lookup_customer", "customer", Map.of("id", List.of("C-1005")));
        ToolPlan second = planner.plan(new PlanningRequest(question, List.of(), null, routed, Map.of(), List.of(found),
                true)).plan();
        assertThat(second.continues()).isFalse();
        assertThat(second.actions()).containsExactly(
                PlannedCall.of("a1", "tickets.list", Map.of("customerId", "C-1005", "status", "open")));

        Observed two = new Observed(0, "lookup_customer", "customer", Map.of("id", List.of("C-1005", "C-2003")));
        assertThat(planner.plan(new PlanningRequest(question, List.of(), null, routed, Map.of(), List.of(two), true))
                .plan()).as("two customers observed: which one is the user's choice; the lookup is not repeated")
                .isInstanceOf(ToolPlan.Insufficient.class);
    }

    @Test
    void aFilterTheQuestionAsksForThatThePlannedCallCannotTakeIsToldNotDropped() {
        Map<String, Object> byCustomer = Map.of("customerId", Map.of("type", "string", "pattern", "^C-[0-9]{4}$"));
        ToolSpec tickets = new ToolSpec("tickets.list", "ticket", "list", true, Map.of("type", "object",
                "required", List.of("customerId"), "properties", Map.of(
                        "customerId", byCustomer.get("customerId"),
                        "status", Map.of("type", "string", "enum", List.of("open", "pending", "closed")))),
                List.of("items[].id"), List.of(), true, null, null);
        ToolSpec orders = new ToolSpec("orders.list", "order", "list", true, Map.of("type", "object",
                "required", List.of("customerId"), "properties", Map.of(
                        "customerId", byCustomer.get("customerId"),
                        "status", Map.of("type", "string", "enum", List.of("shipped", "cancelled")))),
                List.of("items[].id"), List.of(), true, null, null);
        ToolPlan cancelled = plan("Show the cancelled tickets of customer C-1005", null, List.of(tickets, orders));
        assertThat(cancelled.actions()).containsExactly(
                PlannedCall.of("a1", "tickets.list", Map.of("customerId", "C-1005")));
        assertThat(((ToolPlan.Actions) cancelled).unmapped()).containsExactly("cancelled");
        ToolPlan open = plan("Show the open tickets of customer C-1005", null, List.of(tickets, orders));
        assertThat(((ToolPlan.Actions) open).unmapped()).as("applied, so nothing to tell").isEmpty();
        // No schema can say "urgent": the answer says so instead of dropping it silently.
        ToolPlan urgent = plan("Show the urgent tickets of customer C-1005", null, List.of(tickets, orders));
        assertThat(((ToolPlan.Actions) urgent).unmapped()).containsExactly("urgent");
        ToolPlan padded = plan("Show the " + "x".repeat(300) + " tickets of customer C-1005", null, List.of(tickets, orders));
        assertThat(((ToolPlan.Actions) padded).unmapped()).as("no word past forty letters").isEmpty();
        ToolPlan lastMonth = plan("Show the last month tickets of customer C-1005", null, List.of(tickets, orders));
        assertThat(((ToolPlan.Actions) lastMonth).unmapped()).as("a date, told once, as the range filters read it")
                .containsExactly("last month");
        ToolPlan updated = plan("Show the recently updated tickets of customer C-1005", null, List.of(tickets, orders));
        assertThat(((ToolPlan.Actions) updated).unmapped()).as("the adverb is not the attribute").containsExactly("updated");
        ToolPlan unpaid = plan("Show all overdue tickets of customer C-1005", null, List.of(tickets, orders));
        assertThat(((ToolPlan.Actions) unpaid).unmapped()).containsExactly("overdue");
        for (String plain : List.of("Show the tickets of customer C-1005", "Show the last 3 tickets of customer C-1005",
                "Show all recent tickets of customer C-1005", "Show Giulia's tickets, customer C-1005",
                "Show the two newest tickets of customer C-1005", "Show the Acme tickets of customer C-1005",
                "Show the customer tickets of C-1005",
                // No determiner: the word before the noun is as often a verb or a name.
                "Count tickets of customer C-1005", "Pull up tickets of customer C-1005",
                "Did customer C-1005 place tickets", "show mrs bianchi tickets, customer C-1005",
                "Zeige die Tickets von customer C-1005", "show october tickets of customer C-1005",
                // Order and quantity words the sort reads, and words that qualify nothing a schema could.
                "Show the related tickets of customer C-1005")) {
            assertThat(((ToolPlan.Actions) plan(plain, null, List.of(tickets, orders))).unmapped()).as(plain).isEmpty();
        }
    }

    @Test
    void aPlanThatUsesTheValuesTheUserGaveComesBeforeOneThatIgnoresThem() {
        Map<String, Object> repository = Map.of("owner", Map.of("type", "string"), "repo", Map.of("type", "string"));
        ToolSpec mine = new ToolSpec("issues_get-mine", "issue", "get", true, Map.of("type", "object",
                "properties", Map.of()), List.of(), List.of(), true, null, null, false, "/user/issue");
        Map<String, Object> issueInputs = new java.util.HashMap<>(repository);
        issueInputs.put("issue_number", Map.of("type", "integer"));
        ToolSpec issue = new ToolSpec("issues_get", "issue", "detail", true, Map.of("type", "object",
                "required", List.of("owner", "repo", "issue_number"), "properties", issueInputs), List.of(), List.of(),
                true, null, null, false, "/repos/{owner}/{repo}/issues/{issue_number}");
        assertThat(plan("Show issue 1234 in rails/rails", null, List.of(mine, issue)).actions()).containsExactly(
                PlannedCall.of("a1", "issues_get", Map.of("owner", "rails", "repo", "rails", "issue_number", 1234L)));
        assertThat(plan("Show my issue", null, List.of(mine, issue)).actions())
                .as("nothing given: the rank order stands").containsExactly(PlannedCall.of("a1", "issues_get-mine", Map.of()));
    }

    /**
     * A pull request names its author by {@code user.login} and its assignee by {@code assignee.login};
     * the user's reader takes a {@code username}: the login fills it (a natural key), the one the
     * question names ("assigned") before the record's own account.
     */
    @Test
    void aNaturalKeyOfANestedRecordFeedsTheInputItFillsTheOneTheQuestionNamesFirst() {
        Map<String, Object> pullInputs = Map.of("owner", Map.of("type", "string"), "repo", Map.of("type", "string"),
                "pull_number", Map.of("type", "integer"));
        ToolSpec pull = new ToolSpec("pulls_get", "pull", "get", true, Map.of("type", "object",
                "required", List.of("owner", "repo", "pull_number"), "properties", pullInputs),
                List.of("id", "user.login", "assignee.login", "head.sha"), List.of(), true, null, null, false,
                "/repos/{owner}/{repo}/pulls/{pull_number}");
        ToolSpec user = new ToolSpec("users_get-by-username", "user", "detail", true, Map.of("type", "object",
                "required", List.of("username"), "properties", Map.of("username", Map.of("type", "string"))),
                List.of("id", "login"), List.of(), false, null, null, false, "/users/{username}");

        List<PlannedCall> opened = plan("Who opened pull request 12 in octocat/Hello-World?", null,
                List.of(pull, user)).actions();
        assertThat(opened).extracting(PlannedCall::tool).containsExactly("pulls_get", "users_get-by-username");
        assertThat(opened.get(1).from()).containsEntry("username", new ArgumentSource("a1", "user.login"));

        List<PlannedCall> assigned = plan("Who is assigned to pull request 12 in octocat/Hello-World?", null,
                List.of(pull, user)).actions();
        assertThat(assigned.get(1).from()).as("assigned names the assignee")
                .containsEntry("username", new ArgumentSource("a1", "assignee.login"));
    }

    /**
     * "Who is assigned to issue 77": the person is the one issue 77 names, read by the user reader the router
     * routed for that reference (not a ranked list of someone's followers), from that issue's single
     * {@code assignee.login} (not the assignees of a list of the caller's issues).
     */
    @Test
    void theAssigneeOfTheIssueNamedIsReadFromThatIssueByTheReaderRoutedForIt() {
        Map<String, Object> issueInputs = Map.of("owner", Map.of("type", "string"), "repo", Map.of("type", "string"),
                "issue_number", Map.of("type", "integer"));
        ToolSpec mine = new ToolSpec("issues_list-mine", "issue", "list", true, Map.of("type", "object",
                "properties", Map.of()), List.of("[].id", "[].assignee.login"), List.of(), true, null, null, false,
                "/issues");
        ToolSpec issue = new ToolSpec("issues_get", "issue", "detail", true, Map.of("type", "object",
                "required", List.of("owner", "repo", "issue_number"), "properties", issueInputs),
                List.of("id", "user.login", "assignee.login"), List.of(), true, null, null, false,
                "/repos/{owner}/{repo}/issues/{issue_number}");
        Map<String, Object> byUsername = Map.of("type", "object", "required", List.of("username"),
                "properties", Map.of("username", Map.of("type", "string")));
        ToolSpec followers = new ToolSpec("users_list-followers", "follower", "list", true, byUsername,
                List.of("[].login"), List.of(), true, null, null, false, "/users/{username}/followers");
        ToolSpec user = new ToolSpec("users_get-by-username", "user", "detail", true, byUsername,
                List.of("id", "login"), List.of(), false, null, null, false, "/users/{username}");

        List<PlannedCall> calls = plan("Who is assigned to issue 77 in microsoft/vscode? Show their profile", null,
                List.of(mine, followers, issue, user)).actions();

        assertThat(calls).extracting(PlannedCall::tool).containsExactly("issues_get", "users_get-by-username");
        assertThat(calls.get(0).arguments()).containsEntry("issue_number", 77L);
        assertThat(calls.get(1).from()).containsEntry("username", new ArgumentSource("a1", "assignee.login"));
    }

    @Test
    void theSubjectOfAnObjectQuestionOnlySaysWhose() {
        List<ToolSpec> routed = ranked("customers.detail", "orders.detail");
        assertThat(plan("What did the customer buy in order O-5010?", null, routed).actions())
                .as("the customer is the subject, the order only qualifies: the order is read, not its customer")
                .containsExactly(PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5010")));
    }

    @Test
    void otherRecordsOfTheSameEntityAreFoundThroughTheOneGivenOnlyWhenAskedFor() {
        List<ToolSpec> routed = ranked("orders.detail", "orders.list");
        assertThat(plan("Has the customer of order O-5002 placed other orders?", null, routed).actions())
                .containsExactly(PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5002")),
                        new PlannedCall("a2", "orders.list", Map.of(), List.of("a1"),
                                Map.of("customerId", new ArgumentSource("a1", "customerId"))));
        assertThat(plan("Is order O-5002 late?", null, routed).actions())
                .containsExactly(PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5002")));
    }

    private ToolPlan plan(String question, SelectedRow selection, List<ToolSpec> routed) {
        return planner.plan(question, selection, routed);
    }

    private static List<ToolSpec> ranked(String... names) {
        List<ToolSpec> tools = new ArrayList<>();
        for (String name : names) {
            tools.add(RoutedTools.toolSpec(demo(name), true));
        }
        return tools;
    }

    private static ToolSpec finder(String name) {
        return RoutedTools.toolSpec(demo(name), false);
    }

    private static Capability demo(String name) {
        return CapabilityFixtures.demo().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
