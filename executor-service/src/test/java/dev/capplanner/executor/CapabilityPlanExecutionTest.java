package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.capabilityplans.language.CapabilityPlanCompiler;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanDecision;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.CapabilityPlanDocuments;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.evidence.CapabilityPlanVerdict;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.CallLedger;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionPolicy;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.FailureKind;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.execution.TurnOutcome;
import dev.capplanner.executor.invocation.EndpointBinder;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * Rule "plans are capabilities" at the executor: a plan the planner chose runs step by step, each
 * physical call of its steps behind the last mile (on the verified snapshot and the live registry),
 * through the call ledger and counted as any call; its result is the action's evidence, with the
 * plan, the version and the decision beside it.
 */
class CapabilityPlanExecutionTest {

    private static final String PLAN = """
            {"name": "accounts.orders", "version": 3, "description": "Whether a customer has orders on their way.",
             "args": {"type": "object", "required": ["customerId"], "additionalProperties": false,
                      "properties": {"customerId": {"type": "string", "pattern": "^C-[0-9]{4}$"}}},
             "hidden": {"tenantId": "tenant"},
             "defaultDecision": "none_on_the_way",
             "steps": [{"name": "customer", "kind": "lookup", "required": true,
                        "from": {"capability": "customers.detail", "args": {"customerId": {"arg": "customerId"}}},
                        "output": {"id": "id", "name": "name"}},
                       {"name": "shipped", "kind": "count",
                        "from": {"capability": "%s", "args": {"customerId": {"arg": "customerId"}}},
                        "where": {"left": {"row": "status"}, "op": "eq", "right": "shipped"}},
                       {"name": "recent", "kind": "scan", "limit": 5,
                        "from": {"capability": "%<s", "args": {"customerId": {"arg": "customerId"}}},
                        "output": {"id": "id"}}],
             "rules": [{"when": {"left": {"step": "shipped"}, "op": "gt", "right": 0}, "decision": "on_the_way",
                        "reason": "orders_shipped", "detail": "Some orders have shipped."}],
             "payload": {"customer": "customer", "shipped": "shipped", "recent": "recent"},
             "returns": {"type": "object", "required": ["decision", "customer"]}}""";

    private final List<String> calls = new ArrayList<>();
    private final Map<String, ToolResponse> answers = new HashMap<>(Map.of(
            "/customers/C-1001", ToolResponse.http(200, Map.of("id", "C-1001", "name", "Riccardo Lorini",
                    "email", "r@example.com")),
            "/customers/C-1001/orders", ToolResponse.http(200, Map.of("items", List.of(
                    Map.of("id", "O-5001", "status", "delivered"), Map.of("id", "O-5002", "status", "shipped"))))));
    private final Set<String> deniedLive = new java.util.HashSet<>();
    private final EndpointBinder binder = new EndpointBinder();
    private final ToolInvoker invoker = new ToolInvoker() {
        @Override
        public CompletionStage<ToolResponse> invoke(dev.capplanner.executor.request.ToolEndpoint endpoint,
                                                    Map<String, Object> arguments) {
            String path = binder.bind(endpoint, arguments);
            calls.add(path);
            return CompletableFuture.completedFuture(answers.getOrDefault(path.split("\\?")[0],
                    ToolResponse.http(404, Map.of())));
        }
    };

    @Test
    void aPlanRunsItsStepsBehindTheLastMileAndItsResultIsTheEvidence() {
        ExecutionReport report = run(executor(ExecutionPolicy.PLAIN), snapshot("orders.list"), choose("C-1001"));

        assertThat(calls).as("the call two steps share is made once").containsExactly("/customers/C-1001",
                "/customers/C-1001/orders");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(report.sentCalls()).as("the step calls, not the plan's own action").isEqualTo(2);
        assertThat(report.deniedCalls()).isZero();
        assertThat(report.evidence()).singleElement().satisfies(evidence -> {
            assertThat(evidence.plan()).isEqualTo(new CapabilityPlanVerdict("accounts.orders", 3, "on_the_way",
                    List.of("orders_shipped")));
            assertThat(evidence.data()).isEqualTo(Map.of("decision", "on_the_way",
                    "reasons", List.of(Map.of("code", "orders_shipped", "decision", "on_the_way",
                            "detail", "Some orders have shipped.")),
                    "customer", Map.of("id", "C-1001", "name", "Riccardo Lorini"), "shipped", 1,
                    "recent", Map.of("rows", List.of(Map.of("id", "O-5001"), Map.of("id", "O-5002")), "total", 2)));
        });
        assertThat(report.summary()).isEqualTo("answered: accounts.orders (version 3) decided on_the_way"
                + " (orders_shipped)");
    }

    @Test
    void theEventsSayWhichPlanVersionDecidedAndWithWhichReasonsAndValidate() {
        PlanProposed proposed = proposed(snapshot("orders.list"), choose("C-1001"));
        ExecutionReport report = executor(ExecutionPolicy.PLAIN).execute(ExecutionEvents.request(proposed,
                snapshot("orders.list"))).toCompletableFuture().join();
        EventStamps.Stamp stamp = new EventStamps.Stamp("e-1", Instant.parse("2026-12-02T10:00:00Z"));

        ActionsExecuted observed = ExecutionEvents.observed(proposed, report, TestSeals.OBSERVATION_SEALS, stamp);
        TurnCompleted completed = ExecutionEvents.completed(proposed, report, stamp);

        PlanDecision decision = new PlanDecision("accounts.orders", 3, "on_the_way", List.of("orders_shipped"));
        assertThat(observed.externalCalls().plans()).containsExactly(decision);
        assertThat(observed.externalCalls().sent()).isEqualTo(2);
        assertThat(completed.evidence()).singleElement().satisfies(e -> assertThat(e.plan()).isEqualTo(decision));
        EventSchemas schemas = new EventSchemas();
        assertThat(schemas.violations(EventType.ACTIONS_EXECUTED, new JsonObject(RunEventJson.toJson(observed))))
                .isEmpty();
        assertThat(TestSeals.OBSERVATION_SEALS.verify(observed).valid()).as("sealed by the executor").isTrue();
        assertThat(schemas.violations(EventType.TURN_COMPLETED, new JsonObject(RunEventJson.toJson(completed))))
                .isEmpty();
    }

    @Test
    void aStepTheRegistryRefusesLiveRefusesThePlanBeforeItsCall() {
        deniedLive.add("orders.list");

        ExecutionReport report = run(executor(ExecutionPolicy.PLAIN), snapshot("orders.list"), choose("C-1001"));

        assertThat(calls).containsExactly("/customers/C-1001");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(report.results()).singleElement().isInstanceOfSatisfying(CallOutcome.Denied.class, denied -> {
            assertThat(denied.rule()).isEqualTo(DenialRule.REGISTRY_DENIED);
            assertThat(denied.reason()).isEqualTo("plan accounts.orders@3, step shipped: orders.list was refused:"
                    + " revoked");
        });
        assertThat(report.sentCalls()).isEqualTo(1);
        assertThat(report.deniedCalls()).isEqualTo(1);
    }

    @Test
    void aStepOverACapabilityOutsideTheSnapshotIsRefused() {
        ExecutionReport report = run(executor(ExecutionPolicy.PLAIN), snapshot("invoices.list"), choose("C-1001"));

        assertThat(report.results()).singleElement().isInstanceOfSatisfying(CallOutcome.Denied.class,
                denied -> assertThat(denied.rule()).isEqualTo(DenialRule.NOT_IN_SNAPSHOT));
        assertThat(calls).containsExactly("/customers/C-1001");
    }

    @Test
    void aHiddenArgumentThePlannerSetIsRefusedAndNothingIsCalled() {
        ExecutionReport report = run(executor(ExecutionPolicy.PLAIN), snapshot("orders.list"),
                Plan.actions("capability", List.of(new PlannedAction("a1", "accounts.orders",
                        Map.of("customerId", "C-1001", "tenantId", "globex"), List.of()))));

        assertThat(report.results()).singleElement().isInstanceOfSatisfying(CallOutcome.Denied.class,
                denied -> assertThat(denied.rule()).isEqualTo(DenialRule.HIDDEN_ARGUMENT));
        assertThat(calls).isEmpty();
    }

    @Test
    void aRequiredRowTheTargetDoesNotHaveFailsThePlanAsNothingFound() {
        ExecutionReport report = run(executor(ExecutionPolicy.PLAIN), snapshot("orders.list"), choose("C-9999"));

        assertThat(report.outcome()).isEqualTo(TurnOutcome.FAILED);
        assertThat(report.results()).singleElement().isInstanceOfSatisfying(CallOutcome.Failed.class, failed -> {
            assertThat(failed.kind()).isEqualTo(FailureKind.NOT_FOUND);
            assertThat(failed.error()).isEqualTo("plan accounts.orders@3, step customer: lookup customer found no"
                    + " row, and the row is required");
        });
        assertThat(report.sentCalls()).isEqualTo(1);
    }

    @Test
    void aRedeliveredPlanRepeatsNoStepCall() {
        MemoryCallLedger memory = new MemoryCallLedger();
        PlanExecutor remembering = executor(ExecutionPolicy.PLAIN.withLedger(memory, java.time.Duration.ofSeconds(1)));

        ExecutionReport first = run(remembering, snapshot("orders.list"), choose("C-1001"));
        ExecutionReport again = run(remembering, snapshot("orders.list"), choose("C-1001"));

        assertThat(calls).hasSize(2);
        assertThat(memory.keys()).extracting(CallLedger.CallKey::actionId)
                .containsExactlyInAnyOrder("a1.customer", "a1.shipped");
        assertThat(again.sentCalls()).isZero();
        assertThat(again.evidence().get(0).data()).isEqualTo(first.evidence().get(0).data());
    }

    private static Plan choose(String customerId) {
        return Plan.actions("capability", List.of(new PlannedAction("a1", "accounts.orders",
                Map.of("customerId", customerId), List.of())));
    }

    /** The demo's reads with the plan, which counts over {@code counted}. */
    private static List<Capability> snapshot(String counted) {
        CapabilityPlan plan = new CapabilityPlanDocuments().read(PLAN.formatted(counted));
        List<Capability> capabilities = new ArrayList<>(CapabilityFixtures.demo());
        capabilities.add(new Capability(plan.name(), Capability.PLAN_KIND, "plan", "customer", "decide",
                plan.description(), List.of(), true, Endpoint.plan(plan.name()),
                CapabilityPlanCompiler.compile(plan).inputSchema(), null, List.of(), List.of(), null, null, plan));
        return capabilities;
    }

    private PlanExecutor executor(ExecutionPolicy policy) {
        return new PlanExecutor(new LastMileAuthorizer(Set.of("demo-api"),
                (run, principal, tool) -> CompletableFuture.completedFuture(deniedLive.contains(tool)
                        ? AuthorizationDecision.deny(DenialRule.REGISTRY_DENIED, "revoked")
                        : AuthorizationDecision.allow()),
                new JsonSchemaArgumentCheck()), invoker, new EvidenceSummarizer(), policy);
    }

    private static PlanProposed proposed(List<Capability> snapshot, Plan plan) {
        return new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "capability",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), snapshot), plan, null, null);
    }

    private static ExecutionReport run(PlanExecutor executor, List<Capability> snapshot, Plan plan) {
        return executor.execute(ExecutionEvents.request(proposed(snapshot, plan), snapshot)).toCompletableFuture()
                .join();
    }
}
