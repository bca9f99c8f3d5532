package dev.capplanner.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.TestPrincipals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The MCP face with the official SDK's client against a real Kafka broker: the test plays the pipeline
 * (reads the published turn, publishes its completion) and the router and executor APIs
 * ({@link SuiteApisStub}).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(SuiteApisStub.class)
class McpServerTest {

    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final RunContext CALLER = TurnFixtures.run("mcp-caller");

    @TestHTTPResource("/")
    URI root;

    KafkaTestClient kafka;

    @BeforeEach
    void connect() {
        kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers());
        SuiteApisStub.REQUESTS.clear();
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    @Test
    void theListIsTheCallersCatalogFromTheRouterAsTheCallerWithTheSuitesOwnTools() {
        String token = TestPrincipals.headerFor(CALLER);
        try (McpSyncClient client = client(token)) {
            McpSchema.InitializeResult hello = client.initialize();
            assertThat(hello.protocolVersion()).isEqualTo("2025-11-25");

            McpSchema.ListToolsResult listed = client.listTools();

            assertThat(listed.tools()).extracting(McpSchema.Tool::name).containsExactly("capplanner.ask",
                    "capplanner.find_tools", "demo-api.orders.detail", "demo-api.customers.search");
            McpSchema.Tool order = listed.tools().get(2);
            assertThat(order.title()).isEqualTo("api:demo-api/orders.detail");
            assertThat(order.inputSchema()).containsEntry("required", List.of("orderId"));
            assertThat(order.annotations().readOnlyHint()).isTrue();
            assertThat(order.outputSchema()).as("a call answers with the suite's result, not the source's").isNull();
        }
        assertThat(SuiteApisStub.REQUESTS).extracting(request -> request.get("authorization"))
                .as("the router is asked as the caller").containsOnly(token);
    }

    @Test
    void aCatalogToolCallIsADirectCallTurnAndItsCompletionIsTheResult() throws Exception {
        String token = TestPrincipals.headerFor(CALLER);
        try (McpSyncClient client = client(token)) {
            client.initialize();
            CompletableFuture<McpSchema.CallToolResult> result = CompletableFuture.supplyAsync(() -> client.callTool(
                    new McpSchema.CallToolRequest("demo-api.orders.detail", Map.of("orderId", "O-5002"))));
            ConsumerRecord<String, String> published = publishedTurn(record -> record.value().contains("\"orderId\":\"O-5002\""));
            TurnRequested turn = RunEventJson.fromJson(published.value(), TurnRequested.class);
            assertThat(turn.toolCall().tool()).isEqualTo("api:demo-api/orders.detail");
            assertThat(turn.toolCall().arguments()).containsExactly(Map.entry("orderId", "O-5002"));
            assertThat(turn.run().tenantId()).isEqualTo(CALLER.tenantId());
            assertThat(turn.run().principal()).isEqualTo(CALLER.principal());
            assertThat(KafkaTestClient.header(published, PrincipalHeader.NAME)).isEqualTo(token);
            publishCompletion(turn.run(), "answered", "answered: api:demo-api/orders.detail returned 1 record(s)");

            McpSchema.CallToolResult answer = result.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);

            assertThat(answer.isError()).isFalse();
            assertThat(((McpSchema.TextContent) answer.content().get(0)).text()).contains("returned 1 record(s)");
            Map<String, Object> structured = structured(answer);
            assertThat(structured).containsEntry("outcome", "answered").containsEntry("runId", turn.run().runId())
                    .doesNotContainKey("run");
        }
    }

    @Test
    void aCallThePlannerFoundInvalidIsAToolErrorTheClientsModelCanRead() throws Exception {
        try (McpSyncClient client = client(TestPrincipals.headerFor(CALLER))) {
            client.initialize();
            CompletableFuture<McpSchema.CallToolResult> result = CompletableFuture.supplyAsync(() -> client.callTool(
                    new McpSchema.CallToolRequest("demo-api.orders.detail", Map.of("orderId", "5002"))));
            TurnRequested turn = RunEventJson.fromJson(publishedTurn(record -> record.value().contains("\"5002\""))
                    .value(), TurnRequested.class);
            publishCompletion(turn.run(), "insufficient", "insufficient: the call is not valid: orderId pattern");

            McpSchema.CallToolResult answer = result.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);

            assertThat(answer.isError()).isTrue();
            assertThat(((McpSchema.TextContent) answer.content().get(0)).text()).contains("not valid");
        }
    }

    @Test
    void aToolTheCallerMayNotCallIsUnknownAndNothingIsPublished() {
        try (McpSyncClient client = client(TestPrincipals.headerFor(CALLER))) {
            client.initialize();
            assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("demo-api.orders.cancel",
                    Map.of("orderId", "O-5002"))))
                    .isInstanceOfSatisfying(McpError.class, error -> assertThat(error.getJsonRpcError().code())
                            .isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS))
                    .hasMessageContaining("Unknown tool: demo-api.orders.cancel");
        }
        assertThat(kafka.awaitExactly(Topics.TURN_REQUESTED, record -> record.value().contains("orders.cancel"), 0,
                Duration.ofSeconds(3))).isEmpty();
    }

    @Test
    void askGoesOnWithTheRowTheCallerChoseReadFromTheExecutorAsTheCaller() throws Exception {
        try (McpSyncClient client = client(TestPrincipals.headerFor(CALLER))) {
            client.initialize();
            String question = "Show the orders for Riccardo Lorini";
            CompletableFuture<McpSchema.CallToolResult> first = CompletableFuture.supplyAsync(() -> client.callTool(
                    new McpSchema.CallToolRequest("capplanner.ask", Map.of("question", question))));
            TurnRequested asked = RunEventJson.fromJson(publishedTurn(record -> record.value().contains(question)
                    && record.value().contains("\"runId\":\"run-mcp-") && !record.value().contains("currentSelection")).value(), TurnRequested.class);
            assertThat(asked.toolCall()).isNull();
            publishCompletion(asked.run(), "selection_required", "selection_required: 2 customers named Riccardo Lorini");
            String conversation = (String) structured(first.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                    .get("conversationId");
            assertThat(conversation).isEqualTo(asked.run().conversationId()).startsWith("mcp-");

            CompletableFuture<McpSchema.CallToolResult> chosen = CompletableFuture.supplyAsync(() -> client.callTool(
                    new McpSchema.CallToolRequest("capplanner.ask", Map.of("question", question, "conversationId",
                            conversation, "selection", Map.of("handle", SuiteApisStub.HANDLE, "row", 2)))));
            TurnRequested turn = RunEventJson.fromJson(publishedTurn(record -> record.value().contains(question)
                    && record.value().contains("\"runId\":\"run-mcp-") && record.value().contains("currentSelection")).value(), TurnRequested.class);
            assertThat(turn.run().conversationId()).isEqualTo(conversation);
            assertThat(turn.currentSelection().capability()).isEqualTo("api:demo-api/customers.search");
            assertThat(turn.currentSelection().row()).containsEntry("id", "C-1007");
            assertThat(SuiteApisStub.REQUESTS).anySatisfy(request -> assertThat(request.get("path"))
                    .isEqualTo("/artifacts/" + SuiteApisStub.HANDLE + "?conversationId=" + conversation));
            publishCompletion(turn.run(), "refused", "refused: this suite does not cancel orders");

            McpSchema.CallToolResult answer = chosen.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);

            assertThat(answer.isError()).as("a refusal is an answer to a question, not a failed call").isFalse();
            assertThat(structured(answer)).containsEntry("conversationId", conversation);
        }
    }

    /**
     * A conversation id scopes artifacts and may be bound as a tool's input: an MCP caller goes on only in
     * one the gateway minted for it, never in a chat backend's or another user's.
     */
    @Test
    void aCallerGoesOnOnlyInItsOwnConversations() {
        RunContext otherUser = new RunContext("r", "t", 0, CALLER.tenantId(), CALLER.projectId(), "c",
                new dev.capplanner.contracts.events.Principal("u-99", CALLER.principal().roles()));
        String othersConversation = McpConversations.fresh(dev.capplanner.principals.ClaimedPrincipal.of(otherUser));
        try (McpSyncClient client = client(TestPrincipals.headerFor(CALLER))) {
            client.initialize();
            for (String foreign : List.of(othersConversation, "conv-chat-1", CALLER.conversationId())) {
                McpSchema.CallToolResult refused = client.callTool(new McpSchema.CallToolRequest("capplanner.ask",
                        Map.of("question", "Show order O-5002", "conversationId", foreign)));
                assertThat(refused.isError()).as(foreign).isTrue();
                assertThat(((McpSchema.TextContent) refused.content().get(0)).text())
                        .contains("not one of this user's conversations");
            }
        }
        assertThat(kafka.awaitExactly(Topics.TURN_REQUESTED, record -> record.value().contains(othersConversation), 0,
                Duration.ofSeconds(3))).isEmpty();
    }

    @Test
    void askAndFindToolsCheckTheirArgumentsAsToolErrors() {
        try (McpSyncClient client = client(TestPrincipals.headerFor(CALLER))) {
            client.initialize();
            McpSchema.CallToolResult noQuestion = client.callTool(new McpSchema.CallToolRequest("capplanner.ask",
                    Map.of("question", "", "tenantId", "globex")));
            assertThat(noQuestion.isError()).isTrue();
            assertThat(((McpSchema.TextContent) noQuestion.content().get(0)).text()).contains("unknown arguments [tenantId]");
            McpSchema.CallToolResult foreignHandle = client.callTool(new McpSchema.CallToolRequest("capplanner.ask",
                    Map.of("question", "this one", "selection", Map.of("handle", "../admin", "row", 1))));
            assertThat(foreignHandle.isError()).isTrue();
            McpSchema.CallToolResult found = client.callTool(new McpSchema.CallToolRequest("capplanner.find_tools",
                    Map.of("query", "find a customer", "limit", 5)));
            assertThat(found.isError()).isFalse();
            assertThat(found.structuredContent().toString()).contains("demo-api.customers.search").contains("inputSchema");
            McpSchema.CallToolResult tooMany = client.callTool(new McpSchema.CallToolRequest("capplanner.find_tools",
                    Map.of("query", "x", "limit", 100_000)));
            assertThat(tooMany.isError()).isTrue();
        }
    }

    @Test
    void withoutAVerifiedTokenTheEndpointAnswers401NamingItsProtectedResourceMetadata() throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        for (String authorization : new String[] {null, "Bearer not-a-token"}) {
            HttpRequest.Builder request = HttpRequest.newBuilder(root.resolve("/mcp"))
                    .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(initialize));
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            HttpResponse<String> refused = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(challenge -> assertThat(
                    challenge).startsWith("Bearer resource_metadata=\"http://")
                    .contains("/.well-known/oauth-protected-resource/mcp\""));
        }
        HttpResponse<String> metadata = http.send(HttpRequest.newBuilder(
                root.resolve("/.well-known/oauth-protected-resource/mcp")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(metadata.statusCode()).isEqualTo(200);
        Map<?, ?> document = new ObjectMapper().readValue(metadata.body(), Map.class);
        assertThat(document.get("resource").toString()).endsWith("/mcp");
        assertThat(document.get("authorization_servers")).isEqualTo(List.of(TestPrincipals.ISSUER));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    @Test
    void aPageOfAnOriginNotAllowedCannotCallTheEndpointEvenWithAToken() throws Exception {
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        HttpRequest.Builder request = HttpRequest.newBuilder(root.resolve("/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", TestPrincipals.headerFor(CALLER))
                .POST(HttpRequest.BodyPublishers.ofString(initialize));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<String> rebound = http.send(request.copy().header("Origin", "http://attacker.example").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(rebound.statusCode()).isEqualTo(403);
        HttpResponse<String> noOrigin = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(noOrigin.statusCode()).isEqualTo(200);
        assertThat(noOrigin.body()).contains("\"protocolVersion\":\"2025-11-25\"");
    }

    /** A request the transport cannot read is a JSON-RPC error, never the server's exception with its stack. */
    @Test
    void anUnreadableRequestIsAJsonRpcErrorWithoutTheServersInsides() throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        Map<String, String[]> requests = Map.of(
                "not JSON", new String[] {"{not json", "application/json, text/event-stream"},
                "not JSON-RPC", new String[] {"[1,2]", "application/json, text/event-stream"},
                "no event-stream in Accept", new String[] {ping, "application/json"});
        for (Map.Entry<String, String[]> sent : requests.entrySet()) {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(root.resolve("/mcp"))
                    .header("Content-Type", "application/json").header("Accept", sent.getValue()[1])
                    .header("Authorization", TestPrincipals.headerFor(CALLER))
                    .POST(HttpRequest.BodyPublishers.ofString(sent.getValue()[0])).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(sent.getKey()).isBetween(400, 499);
            assertThat(answer.body()).as(sent.getKey()).doesNotContain("stackTrace").doesNotContain("className")
                    .contains("\"jsonrpc\":\"2.0\"").contains("\"error\"");
        }
    }

    private McpSyncClient client(String authorization) {
        return McpClient.sync(HttpClientStreamableHttpTransport.builder(root.toString()).endpoint("/mcp")
                        .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                        .httpRequestCustomizer((request, method, endpoint, body, context) ->
                                request.header("Authorization", authorization)).build())
                .requestTimeout(TIMEOUT).build();
    }

    private ConsumerRecord<String, String> publishedTurn(java.util.function.Predicate<ConsumerRecord<String, String>> which) {
        List<ConsumerRecord<String, String>> records = kafka.await(Topics.TURN_REQUESTED, which, 1, TIMEOUT);
        assertThat(records).as("the turn on " + Topics.TURN_REQUESTED).hasSize(1);
        return records.get(0);
    }

    private void publishCompletion(RunContext run, String outcome, String summary) {
        kafka.publish(Topics.TURN_COMPLETED, run.conversationId(), "{\"schemaVersion\":\"v1\",\"eventId\":\"e-"
                + summary.hashCode() + "\",\"occurredAt\":\"2026-12-07T10:00:00Z\",\"run\":" + RunEventJson.toJson(run)
                + ",\"outcome\":\"" + outcome + "\",\"summary\":\"" + summary + "\",\"evidence\":[]}",
                Map.of(CloudEventHeaders.SUBJECT, run.runId()));
    }
}
