package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.Topics;
import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import dev.capplanner.localstack.replay.StackResult;
import dev.capplanner.localstack.stack.StackOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.config.ConfigResource;
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
        run = DemoStackRun.replayWithGateway(StackOptions.DEFAULT_PLANNER_MODE);
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
        assertThat(result.turns()).as("25 turns and the golden scenario's question asked again with the choice")
                .isEqualTo(26);
        assertThat(result.outcomes()).allSatisfy(o -> assertThat(o.completed()).as(o.runId()).isTrue());
        assertThat(result.completed()).isEqualTo(26);
        assertThat(result.outcomes()).extracting(StackResult.TurnOutcome::outcome).as("every outcome at least once")
                .contains("answered", "artifact", "selection_required", "insufficient", "refused", "help", "failed");
        assertThat(result.json()).isEqualTo("{\"turns\":26,\"completed\":26,\"outcomes\":[\"selection_required\",\"answered\","
                + "\"answered\",\"answered\",\"answered\",\"insufficient\",\"artifact\",\"artifact\",\"artifact\",\"artifact\","
                + "\"artifact\",\"artifact\",\"answered\",\"answered\",\"answered\",\"help\",\"refused\",\"selection_required\","
                + "\"artifact\",\"answered\",\"failed\",\"answered\",\"answered\",\"insufficient\",\"artifact\","
                + "\"selection_required\"],\"reports_stored\":26,\"dead_lettered\":1,\"traces\":26}");
    }

    @Test
    void theDemoTurnsRunOnCapabilitiesImportedFromTheDemoApisOpenApiDocument() {
        assertThat(run.output())
                .contains("Registered the demo API from its OpenAPI document: {\"connection\":{\"id\":\"demo-api\"")
                .contains("\"capabilities\":11,\"reads\":11,\"heldForReview\":0,\"invalidHints\":0"
                        + ",\"refusedCount\":0,\"refused\":[],\"strippedBindingCount\":0,\"strippedBindings\":[]}");
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
                .contains("\"kind\":\"mcp\"").contains("\"capabilities\":4,\"reads\":2,\"heldForReview\":1,\"invalidHints\":0"
                        + ",\"refusedCount\":0,\"refused\":[],\"strippedBindingCount\":0,\"strippedBindings\":[]}")
                .containsPattern("\\[7/27] demo-run-8: \"Where is the parcel of order O-5002 right now\\?\"\n      route: [^\n]*"
                        + "mcp:shipping-desk/track_shipment");
        // Shadow mode: classic executes its best keyword match; the capability plan reaches the MCP tool in three steps.
        assertThat(outcome("demo-run-8").summary()).isEqualTo("artifact: api:demo-api/shipments.list returned 1 record(s)");
        assertThat(result.reportsByRun().get("demo-run-10")).contains("\"agreement\":false")
                .contains("\"tool\":\"mcp:shipping-desk/track_shipment\"");
        assertThat(String.join("\n", result.reportsByRun().values())).doesNotContain("reroute_shipment")
                .doesNotContain("shipping_label_preview");
    }

    @Test
    void theDemosCapabilityPlansAreRegisteredAndComparedInShadowModeWhileTheLegacyPathAnswers() {
        assertThat(run.output()).contains("Registered the demo's capability plans: accounts.standing@1,"
                + " orders.delivery-risk@1");
        // The legacy agent predates plans: it answers with its keyword match; the plan is only compared.
        assertThat(outcome("demo-run-22").summary()).isEqualTo("answered: api:demo-api/customers.detail returned 1"
                + " record(s)");
        assertThat(result.reportsByRun().get("demo-run-22")).contains("\"agreement\":false")
                .contains("\"tool\":\"accounts.standing\"")
                .contains("\"externalCalls\":{\"plannedBy\":\"classic\",\"sent\":1,\"denied\":0,\"plans\":[]}");
        assertThat(result.reportsByRun().get("demo-run-23")).contains("\"tool\":\"orders.delivery-risk\"");
        // A plan is no generic customer tool: "who is customer C-1003" is still the customer's profile.
        assertThat(result.reportsByRun().get("demo-run-5")).contains("\"agreement\":true")
                .doesNotContain("accounts.standing");
    }

    @Test
    void theLegacyPathLooksADuplicateCustomerUpAndAsksWhichOneAnswersIdsAndFindsNothingForTheWeather() {
        assertThat(outcome("demo-run-1").summary()).as("in the user's terms, with what tells the two apart")
                .isEqualTo("selection_required: 2 customers named Riccardo Lorini were found; which one do you mean?"
                        + " They differ by city.");
        assertThat(run.output()).contains("      choose: 1) C-1001, Riccardo Lorini, Milano; 2) C-1002, Riccardo Lorini,"
                + " Torino");
        assertThat(outcome("demo-run-3").summary()).isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        assertThat(outcome("demo-run-7").outcome()).isEqualTo("insufficient");
        // A keyword match is no planner: the phone number in the question outweighs "list the orders".
        assertThat(outcome("demo-run-2").summary()).isEqualTo("answered: api:demo-api/customers.detail returned 1 record(s)");
        assertThat(result.reportsByRun().get("demo-run-2")).contains("\"agreement\":false");
    }

    @Test
    void shadowReportsAreStoredWithNamesEmailsAndPhonesAsTypedPseudonyms() {
        assertThat(result.reportsStored()).isEqualTo(26);
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
        // Classic stops at the customer; the capability plan would go on to her last order's parcel: only compared.
        assertThat(outcome("demo-run-10").summary()).isEqualTo("artifact: api:demo-api/customers.search returned 1 record(s)");
        assertThat(result.reportsByRun().get("demo-run-10")).contains("\"agreement\":false")
                .contains("\"externalCalls\":{\"plannedBy\":\"classic\",\"sent\":1,\"denied\":0,\"plans\":[]}");
        // The selection gives both planners the order: they agree.
        assertThat(result.reportsByRun().get("demo-run-6")).contains("\"agreement\":true").contains("\"orderId\":\"O-5001\"");
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
        assertThat(result.traces()).isEqualTo(26);
        assertThat(result.outcomes()).allSatisfy(o ->
                assertThat(o.traceServices()).as(o.runId()).containsAll(StackOptions.SERVICES));
    }

    @Test
    void anOrderThatDoesNotExistFailsInWordsAUserUnderstands() {
        assertThat(outcome("demo-run-21").outcome()).isEqualTo("failed");
        assertThat(outcome("demo-run-21").summary()).isEqualTo("failed: No order O-9999 was found.");
    }

    @Test
    void aCustomerNobodyIsNamedIsSaidInTheUsersTermsAndAnUnmappedAttributeIsKeptInTheComparedPlan() {
        assertThat(outcome("demo-run-24").outcome()).isEqualTo("insufficient");
        assertThat(outcome("demo-run-24").summary()).isEqualTo("insufficient: No customer named Marta Ferri was found.");
        // Shadow mode: the legacy path answers; the capability plan, compared, says what it could not filter by.
        // The attribute is the user's word: stored under the pseudonym it has in the question.
        String report = result.reportsByRun().get("demo-run-25");
        String escalated = report.replaceAll("(?s).*\"question\":\"Show the (<value:[0-9a-f]{8}>) tickets.*", "$1");
        assertThat(report).contains("\"unmapped\":[\"" + escalated + "\"]").doesNotContain("escalated");
    }

    @Test
    void requestsAreClassifiedBeforeThePlannerInEveryModeSoTheLegacyPathRefusesACommandAndAnswersHelpToo() {
        assertThat(outcome("demo-run-17").outcome()).isEqualTo("help");
        assertThat(outcome("demo-run-18").outcome()).isEqualTo("refused");
        assertThat(outcome("demo-run-18").summary())
                .isEqualTo("This assistant only reads data: it cannot cancel anything for you. It can show you the record instead.");
        assertThat(result.reportsByRun().get("demo-run-18")).contains("\"agreement\":true")
                .contains("\"externalCalls\":{\"plannedBy\":\"classic\",\"sent\":0,\"denied\":0,\"plans\":[]}");
    }

    @Test
    void progressShowsEachTurnsRouteAndOutcome() {
        String output = run.output();
        assertThat(output).contains("[1/27] demo-run-1: \"Show the orders for Riccardo Lorini\"")
                .contains("api:demo-api/customers.search (finds customerId for api:demo-api/orders.list)")
                .contains("Shadow summary: 26 report(s) stored");
    }

    @Test
    void aNodeJsChatBackendWithKafkajsCompletesTheGoldenScenarioSelectionIncluded() throws Exception {
        // kafkajs reads no zstd: it crashed on the first completion before these topics were stored as gzip.
        assertGoldenScenario(examples().runNode(ChatBackendExamples.Transport.KAFKA));
    }

    @Test
    void aPythonChatBackendWithConfluentKafkaCompletesTheGoldenScenarioSelectionIncluded() throws Exception {
        assertGoldenScenario(examples().runPython(ChatBackendExamples.Transport.KAFKA));
    }

    @Test
    void aPythonChatBackendOverHttpCompletesTheGoldenScenarioThroughTheTurnGatewayWithProgress() throws Exception {
        ChatBackendExamples.Result python = examples().runPython(ChatBackendExamples.Transport.HTTP);
        assertGoldenScenario(python);
        assertThat(python.stderr()).as("server-sent progress").contains("... snapshot_built").contains("... routed")
                .contains("... planned").contains("... executed");
    }

    @Test
    void aNodeJsChatBackendOverHttpCompletesTheGoldenScenarioThroughTheTurnGateway() throws Exception {
        assertGoldenScenario(examples().runNode(ChatBackendExamples.Transport.HTTP));
    }

    /**
     * An MCP client (the official TypeScript SDK) plays the golden scenario through capplanner.ask, its
     * choices included, lists the user's catalog and calls a catalog tool directly through the planner's
     * validation and the executor's last mile; a tenant argument and a tool the user may not call are refused.
     */
    @Test
    void anMcpClientCompletesTheGoldenScenarioAndCallsCatalogToolsThroughTheSameGuards() throws Exception {
        ChatBackendExamples.Result client = examples().runMcpClient();
        assertThat(client.exit()).as(client.toString()).isZero();
        JsonNode summary = client.summary();
        assertThat(summary.get("outcomes")).as(client.toString())
                .isEqualTo(new ObjectMapper().readTree(ChatBackendExamples.GOLDEN_OUTCOMES).get("outcomes"));
        assertThat(client.stdout()).contains("selection_required: 2 customers named Riccardo Lorini were found");
        List<String> listed = new ArrayList<>();
        summary.get("listed").forEach(name -> listed.add(name.asText()));
        assertThat(listed).contains("capplanner.ask", "capplanner.find_tools", "demo-api.orders.detail",
                "shipping-desk.track_shipment").doesNotContain("shipping-desk.reroute_shipment")
                .allMatch(name -> name.matches("[A-Za-z0-9_.-]{1,128}"));
        assertThat(summary.get("found").toString()).contains("track_shipment");
        assertThat(summary.get("direct").asText()).isEqualTo("answered");
        assertThat(summary.get("directError").asBoolean()).isFalse();
        assertThat(summary.get("anotherTenantRefused").asBoolean()).as(client.toString()).isTrue();
        assertThat(summary.get("anotherTenantWhy").asText()).contains("argument tenant is bound from the run context");
        assertThat(summary.get("unknownTool").asText()).contains("-32602").contains("Unknown tool");
        assertThat(client.stderr()).as("the transcript").contains("> tools/list").contains("> tools/call");
    }

    private static ChatBackendExamples examples() {
        return new ChatBackendExamples(run.stack());
    }

    private static void assertGoldenScenario(ChatBackendExamples.Result example) throws Exception {
        assertThat(example.exit()).as(example.toString()).isZero();
        assertThat(example.summary()).as(example.toString())
                .isEqualTo(new ObjectMapper().readTree(ChatBackendExamples.GOLDEN_OUTCOMES));
        assertThat(example.stdout()).contains("selection_required: 2 customers named Riccardo Lorini were found");
    }

    @Test
    void theTopicsAChatBackendUsesAreStoredInACodecEveryClientReads() throws Exception {
        try (Admin admin = EmbeddedKafkaBroker.admin(run.kafkaBootstrapServers())) {
            for (String topic : Topics.CHAT_BACKEND_TOPICS) {
                ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
                assertThat(admin.describeConfigs(List.of(resource)).all().get().get(resource).get("compression.type").value())
                        .as(topic).isEqualTo("gzip");
            }
        }
    }

    private static StackResult.TurnOutcome outcome(String runId) {
        return run.outcome(runId);
    }
}
