package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End to end: real Kafka and PostgreSQL, the demo API and the five services as their packaged
 * apps in separate processes, the bundled demo conversation published as a chat backend would, the
 * planner in its default {@code shadow} mode.
 */
class LocalStackIT {

    static DemoStackRun run;
    static StackResult result;

    @BeforeAll
    static void runTheDemoConversation() {
        run = DemoStackRun.replay(StackOptions.DEFAULT_PLANNER_MODE);
        result = run.result();
    }

    @AfterAll
    static void stop() {
        if (run != null) {
            run.close();
        }
    }

    @Test
    void everyDemoTurnCompletes() {
        assertThat(result.turns()).isEqualTo(19);
        assertThat(result.outcomes()).allSatisfy(o -> assertThat(o.completed()).as(o.runId()).isTrue());
        assertThat(result.completed()).isEqualTo(19);
        assertThat(result.json()).isEqualTo("{\"turns\":19,\"completed\":19,\"outcomes\":[\"artifact\",\"artifact\","
                + "\"answered\",\"answered\",\"insufficient\",\"insufficient\",\"answered\",\"artifact\",\"answered\","
                + "\"insufficient\",\"artifact\",\"answered\",\"answered\",\"insufficient\",\"insufficient\","
                + "\"insufficient\",\"answered\",\"artifact\",\"insufficient\"],\"reports_stored\":19,"
                + "\"dead_lettered\":1,\"traces\":19}");
    }

    @Test
    void theDemoTurnsRunOnCapabilitiesImportedFromTheDemoApisOpenApiDocument() {
        assertThat(run.output())
                .contains("Registered the demo API from its OpenAPI document: {\"connection\":{\"id\":\"demo-api\"")
                .contains("\"capabilities\":11,\"reads\":11,\"heldForReview\":0,\"invalidHints\":0}");
    }

    @Test
    void theHelpCentersKnowledgeBaseIsRegisteredAndAPolicyQuestionIsRoutedToIt() {
        assertThat(run.output())
                .contains("Registered the help center's knowledge base: {\"connection\":{\"id\":\"help-center\"")
                .contains("\"kind\":\"kb\"")
                .contains("demo-run-11: \"What is your return policy for damaged items?\"\n      route: kb:help-center/search");
        assertThat(result.reportsByRun().get("demo-run-11")).contains("\"tool\":\"kb:help-center/search\"");
    }

    @Test
    void theShippingDeskMcpServerIsRegisteredAndItsAnnotatedReadIsRoutedAndPlanned() {
        assertThat(run.output())
                .contains("Registered the Shipping Desk MCP server: {\"connection\":{\"id\":\"shipping-desk\"")
                .contains("\"kind\":\"mcp\"").contains("\"capabilities\":4,\"reads\":2,\"heldForReview\":1,\"invalidHints\":0}")
                .containsPattern("\\[7/21] demo-run-8: \"Where is the parcel of order O-5002 right now\\?\"\n      route: [^\n]*"
                        + "mcp:shipping-desk/track_shipment");
        // Shadow mode: classic executes its order lookup; the capability plan reaches the MCP tool in three steps.
        assertThat(outcome("demo-run-8").summary()).isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        assertThat(result.reportsByRun().get("demo-run-10")).contains("\"agreement\":false")
                .contains("\"tool\":\"mcp:shipping-desk/track_shipment\"");
        assertThat(String.join("\n", result.reportsByRun().values())).doesNotContain("reroute_shipment")
                .doesNotContain("shipping_label_preview");
    }

    @Test
    void duplicateCustomerNamesAreFoundAndOrdersAndDetailsAnswered() {
        assertThat(outcome("demo-run-1").summary()).isEqualTo("artifact: api:demo-api/customers.search returned 2 record(s)");
        assertThat(outcome("demo-run-2").summary()).isEqualTo("artifact: api:demo-api/orders.list returned 2 record(s)");
        assertThat(outcome("demo-run-3").summary()).isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        assertThat(outcome("demo-run-7").outcome()).isEqualTo("insufficient");
    }

    @Test
    void shadowReportsAreStoredWithNamesEmailsAndPhonesAsTypedPseudonyms() {
        assertThat(result.reportsStored()).isEqualTo(19);
        assertThat(result.reportsByRun().values()).allSatisfy(body -> assertThat(body)
                .doesNotContainPattern("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}")
                .doesNotContain("Riccardo").doesNotContain("Lorini"));
        assertThat(result.reportsByRun().get("demo-run-1")).containsPattern("Show the orders for <person:[0-9a-f]{8}>");
        String report = result.reportsByRun().get("demo-run-2");
        assertThat(report).containsPattern("My e-mail is <email:[0-9a-f]{8}>, phone <phone:[0-9a-f]{8}>: list the orders")
                .doesNotContain("riccardo.lorini@example.com").doesNotContain("347 123 4567");
    }

    @Test
    void shadowComparesWithoutExecutingTheCapabilityPlan() {
        // The selection resolves the order for the capability planner; classic, which executes, cannot.
        assertThat(result.reportsByRun().get("demo-run-6")).contains("\"agreement\":false")
                .contains("\"orderId\":\"O-5001\"");
        assertThat(outcome("demo-run-6").outcome()).isEqualTo("insufficient");
        assertThat(result.reportsByRun().get("demo-run-3")).contains("\"agreement\":true");
    }

    @Test
    void theCapabilityPlannerChainsTwoAndThreeStepsWithDeclaredPaths() {
        String output = run.output();
        assertThat(output).contains("divergence demo-run-9: classic api:demo-api/customers.search{\"name\":\"<person:")
                .contains("-> api:demo-api/orders.list{}{customerId<-a1.items[].id}")
                .contains("-> api:demo-api/orders.list{\"limit\":1}{customerId<-a1.items[].id} -> mcp:shipping-desk/track_shipment{}{orderId<-a2.items[].id}");
        assertThat(result.reportsByRun().get("demo-run-10"))
                .contains("\"from\":{\"orderId\":{\"action\":\"a2\",\"path\":\"items[].id\"}}")
                .doesNotContain("Giulia").doesNotContain("Bianchi");
    }

    @Test
    void poisonLineIsDeadLetteredWithItsReasonWhileLaterTurnsComplete() {
        assertThat(result.deadLettered()).isEqualTo(1);
        assertThat(result.deadLetterReasons().get("line 4")).startsWith("schema violation against turn-requested.json");
        assertThat(outcome("demo-run-5").completed()).isTrue();
        assertThat(outcome("demo-run-6").completed()).isTrue();
    }

    @Test
    void oneTraceSpansAllFiveServicesForEveryTurn() {
        assertThat(result.traces()).isEqualTo(19);
        assertThat(result.outcomes()).allSatisfy(o ->
                assertThat(o.traceServices()).as(o.runId()).containsAll(StackOptions.SERVICES));
    }

    @Test
    void theLegacyPathExecutesACommandsReadWhileTheCapabilityPlannerRefusesItAndAnswersHelp() {
        // Shadow mode: classic still executes; the comparison shows what capability mode would do instead.
        assertThat(outcome("demo-run-18").summary()).isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        assertThat(run.output())
                .contains("divergence demo-run-17: classic insufficient vs capability help")
                .contains("vs capability refused (offers api:demo-api/orders.detail)");
    }

    @Test
    void progressShowsEachTurnsRouteAndOutcome() {
        String output = run.output();
        assertThat(output).contains("[1/21] demo-run-1: \"Show the orders for Riccardo Lorini\"")
                .contains("api:demo-api/customers.search (finds customerId for api:demo-api/orders.list)")
                .contains("Shadow summary: 19 report(s) stored");
    }

    private static StackResult.TurnOutcome outcome(String runId) {
        return run.outcome(runId);
    }
}
