package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.client.McpToolInvoker;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.execution.TurnOutcome;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.mcp.ReferenceMcpServer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * MCP tool calls against a real third-party server, the reference server
 * {@code @modelcontextprotocol/server-everything} over streamable HTTP (skipped, and saying so,
 * where it is not installed).
 */
class McpToolCallTest {

    static ReferenceMcpServer server;
    static McpToolInvoker invoker;

    @BeforeAll
    static void startTheReferenceServer() throws Exception {
        Optional<Path> script = ReferenceMcpServer.installed();
        if (script.isEmpty()) {
            System.err.println(ReferenceMcpServer.skipReason("McpToolCallTest"));
        }
        Assumptions.assumeTrue(script.isPresent(), ReferenceMcpServer.skipReason("SKIPPED LOUDLY"));
        server = ReferenceMcpServer.startOverHttp(script.get());
        invoker = new McpToolInvoker(Map.of("everything", new CallTarget(server.url(), Duration.ofSeconds(10))));
    }

    @AfterAll
    static void stop() {
        if (invoker != null) {
            invoker.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aToolsStructuredContentIsTheCallsResult() {
        ToolResponse response = call("get-structured-content", Map.of("location", "Chicago"));
        assertThat(response.successful()).isTrue();
        assertThat(response.httpStatus()).as("not an HTTP call").isNull();
        assertThat(response.body()).isInstanceOfSatisfying(Map.class, body -> assertThat(body).containsKey("temperature"));
    }

    @Test
    void aToolErrorIsANormalizedFailureWithoutTheServersWords() {
        ToolResponse response = call("no-such-tool", Map.of());
        assertThat(response.successful()).isFalse();
        assertThat(response.failure()).isEqualTo("the MCP tool reported an error");
        assertThat(call("get-structured-content", Map.of("location", "New York")).successful())
                .as("the session serves the next call").isTrue();
    }

    @Test
    void aFailedSessionIsNotKeptTheNextCallOpensANewOne() throws Exception {
        int port = ReferenceMcpServer.freePort();
        McpToolInvoker invoker = new McpToolInvoker(Map.of("later",
                new CallTarget("http://127.0.0.1:" + port + "/mcp", Duration.ofSeconds(5))));
        ToolEndpoint endpoint = new ToolEndpoint("later", ToolEndpoint.MCP_TOOL_CALL, "get-structured-content");
        try {
            assertThatThrownBy(() -> invoker.invoke(endpoint, Map.of("location", "Chicago")).toCompletableFuture().join())
                    .as("nothing listens yet").isInstanceOf(java.util.concurrent.CompletionException.class);
            try (ReferenceMcpServer late = ReferenceMcpServer.startOverHttp(ReferenceMcpServer.installed().orElseThrow(),
                    port)) {
                assertThat(invoker.invoke(endpoint, Map.of("location", "Chicago")).toCompletableFuture().join()
                        .successful()).as("a new session, not the failed one").isTrue();
            }
        } finally {
            invoker.close();
        }
    }

    @Test
    void aPlanCallsAnMcpToolOfItsSnapshotBehindTheLastMile() {
        Capability weather = new Capability("get-structured-content", "mcp", "mcp:everything/weather", "weather",
                "detail", "Weather for a city, as structured content.", List.of(), true,
                Endpoint.mcpTool("everything", "get-structured-content"),
                Map.of("type", "object", "required", List.of("location"), "additionalProperties", false,
                        "properties", Map.of("location", Map.of("type", "string",
                                "enum", List.of("New York", "Chicago", "Los Angeles")))), null);
        List<Capability> snapshot = List.of(weather);
        PlanExecutor executor = new PlanExecutor(new LastMileAuthorizer(Set.of("everything"),
                (run, principal, tool) -> CompletableFuture.completedFuture(AuthorizationDecision.allow()),
                new JsonSchemaArgumentCheck()), invoker, new EvidenceSummarizer());
        PlanProposed plan = new PlanProposed("v1", "e-mcp", Instant.now(), TurnFixtures.run("run-mcp"), "capability",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("run-mcp"), snapshot),
                Plan.actions("capability", List.of(new PlannedAction("a1", "get-structured-content",
                        Map.of("location", "Chicago"), List.of()))), null, null);

        ExecutionReport report = executor.execute(ExecutionEvents.request(plan, snapshot)).toCompletableFuture().join();

        assertThat(report.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(report.results()).singleElement().isInstanceOfSatisfying(CallOutcome.Succeeded.class,
                ok -> assertThat(ok.evidence().recordCount()).isEqualTo(1));

        PlanProposed outsideTheSchema = new PlanProposed("v1", "e-mcp-2", Instant.now(), plan.run(), "capability",
                plan.snapshot(), Plan.actions("capability", List.of(new PlannedAction("a1", "get-structured-content",
                        Map.of("location", "Atlantis"), List.of()))), null, null);
        ExecutionReport refused = executor.execute(ExecutionEvents.request(outsideTheSchema, snapshot))
                .toCompletableFuture().join();
        assertThat(refused.outcome()).isEqualTo(TurnOutcome.DENIED);
    }

    private static ToolResponse call(String tool, Map<String, Object> arguments) {
        return invoker.invoke(new ToolEndpoint("everything", ToolEndpoint.MCP_TOOL_CALL, tool), arguments)
                .toCompletableFuture().join();
    }
}
