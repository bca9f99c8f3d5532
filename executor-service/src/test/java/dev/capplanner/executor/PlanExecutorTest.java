package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.TurnOutcome;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.invocation.EndpointBinder;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class PlanExecutorTest {

    final List<String> calls = new ArrayList<>();
    Object nextBody = Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002")));
    int nextStatus = 200;

    final EndpointBinder binder = new EndpointBinder();
    final ToolInvoker recording = new ToolInvoker() {
        @Override
        public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
            calls.add(endpoint.method() + " " + endpoint.service() + binder.bind(endpoint, arguments));
            return CompletableFuture.completedFuture(ToolResponse.http(nextStatus, nextBody));
        }
    };
    final PlanExecutor executor = new PlanExecutor(new LastMileAuthorizer(java.util.Set.of("demo-api"),
            (run, principal, tool) -> CompletableFuture.completedFuture(AuthorizationDecision.allow()),
            new dev.capplanner.executor.schema.JsonSchemaArgumentCheck()),
            recording, new EvidenceSummarizer());

    @Test
    void authorizedCallBecomesEvidenceWithCountAndIdentifiers() {
        ExecutionReport report = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()))));
        assertThat(calls).containsExactly("GET demo-api/customers?name=Riccardo%20Lorini");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(report.evidence()).singleElement().satisfies(e -> {
            assertThat(e.recordCount()).isEqualTo(2);
            assertThat(e.identifiers()).containsExactly("C-1001", "C-1002");
            assertThat(e.collectionPath()).isEqualTo("items");
        });
        assertThat(report.summary()).isEqualTo("answered: customers.search returned 2 record(s)");
    }

    @Test
    void deniedActionMakesNoPhysicalCallAndStopsThePlan() {
        ExecutionReport report = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "orders.cancel", Map.of("orderId", "O-5002"), List.of()),
                new PlannedAction("a2", "orders.detail", Map.of("orderId", "O-5002"), List.of()))));
        assertThat(calls).isEmpty();
        assertThat(report.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(report.results()).singleElement().isInstanceOf(CallOutcome.Denied.class);
    }

    @Test
    void insufficientPlanMakesNoCall() {
        ExecutionReport report = run(Plan.insufficient("capability", "no routed candidate could be planned"));
        assertThat(calls).isEmpty();
        assertThat(report.outcome()).isEqualTo(TurnOutcome.INSUFFICIENT);
    }

    @Test
    void httpErrorIsAFailedActionWithANormalizedError() {
        nextStatus = 404;
        ExecutionReport report = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-9999"), List.of()))));
        assertThat(report.outcome()).isEqualTo(TurnOutcome.FAILED);
        assertThat(report.results()).singleElement().isInstanceOfSatisfying(CallOutcome.Failed.class,
                failed -> assertThat(failed.error()).isEqualTo("HTTP 404"));
    }

    private ExecutionReport run(Plan plan) {
        List<Capability> demo = CapabilityFixtures.demo();
        PlanProposed proposed = new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "shadow",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), demo), plan, null, null);
        return executor.execute(ExecutionEvents.request(proposed, demo)).toCompletableFuture().join();
    }
}
