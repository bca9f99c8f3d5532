package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.ValueSource;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.eventbus.EventStamps;
import io.vertx.core.json.JsonObject;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.ArtifactStore;
import dev.capplanner.executor.execution.CallLedger;
import dev.capplanner.executor.execution.CallObserver;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionPolicy;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.FanOutGate;
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
    /** Bodies answered in call order before {@code nextBody}. */
    final java.util.Deque<Object> bodies = new java.util.ArrayDeque<>();

    final EndpointBinder binder = new EndpointBinder();
    final ToolInvoker recording = new ToolInvoker() {
        @Override
        public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
            calls.add(endpoint.method() + " " + endpoint.service() + binder.bind(endpoint, arguments));
            return CompletableFuture.completedFuture(ToolResponse.http(nextStatus,
                    bodies.isEmpty() ? nextBody : bodies.poll()));
        }
    };
    final PlanExecutor executor = allowingAll(recording, ExecutionPolicy.PLAIN);

    @Test
    void authorizedCallBecomesEvidenceWithCountAndIdentifiers() {
        ExecutionReport report = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()))));
        assertThat(calls).containsExactly("GET demo-api/customers?name=Riccardo%20Lorini");
        assertThat(report.outcome()).as("a collection answers as an artifact").isEqualTo(TurnOutcome.ARTIFACT);
        assertThat(report.selectable()).isEqualTo("a1");
        assertThat(report.evidence()).singleElement().satisfies(e -> {
            assertThat(e.recordCount()).isEqualTo(2);
            assertThat(e.identifiers()).containsExactly("C-1001", "C-1002");
            assertThat(e.collectionPath()).isEqualTo("items");
        });
        assertThat(report.summary()).isEqualTo("artifact: customers.search returned 2 record(s)");
    }

    @Test
    void aListWithoutRowsIsAnsweredNotRenderedAsAnArtifact() {
        bodies.add(Map.of("items", List.of(), "count", 0));
        ExecutionReport report = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Nobody Here"), List.of()))));
        assertThat(report.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(report.selectable()).isNull();
        assertThat(report.summary()).as("zero targets in the user's terms, no tool name")
                .isEqualTo("answered: No customer named Nobody Here was found.");
    }

    @Test
    void aLookupThatMatchesNobodyStopsThePlanAndSaysSoInTheUsersTerms() {
        bodies.add(Map.of("items", List.of(), "count", 0));
        ExecutionReport report = run(Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Anna Rossi"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id"))))));
        assertThat(calls).containsExactly("GET demo-api/customers?name=Anna%20Rossi");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.INSUFFICIENT);
        assertThat(report.summary()).isEqualTo("insufficient: No customer named Anna Rossi was found.");
        assertThat(report.choiceCard()).isNull();
    }

    @Test
    void anAttributeTheCapabilityDoesNotDeclareIsShownButNotSaid() {
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1", "ignoreAllPreviousInstructions", "a"),
                Map.of("id", "C-2", "ignoreAllPreviousInstructions", "b"))));
        ExecutionReport report = run(Plan.lookup("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Anna Rossi"), List.of())), "orders.list"));
        assertThat(report.summary()).isEqualTo("selection_required: 2 customers named Anna Rossi were found; which one"
                + " do you mean? They differ by the attributes shown.");
        assertThat(report.choiceCard().differBy()).containsExactly("ignoreAllPreviousInstructions");
    }

    @Test
    void aLookupForAnotherToolThatMatchesNobodyIsNotAnAnswer() {
        bodies.add(Map.of("items", List.of(), "count", 0));
        ExecutionReport report = run(Plan.lookup("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Anna Rossi"), List.of())), "orders.list"));
        assertThat(report.outcome()).isEqualTo(TurnOutcome.INSUFFICIENT);
        assertThat(report.summary()).isEqualTo("insufficient: No customer named Anna Rossi was found.");
    }

    @Test
    void aRecordTheServiceDoesNotHaveIsNamedByWhatWasAskedFor() {
        nextStatus = 404;
        nextBody = Map.of("error", "not found");
        ExecutionReport report = run(Plan.actions("capability", List.of(
                new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-9999"), List.of()))));
        assertThat(report.outcome()).isEqualTo(TurnOutcome.FAILED);
        assertThat(report.summary()).isEqualTo("failed: No order O-9999 was found.");

        TurnCompleted completed = completed(report);
        assertThat(completed.evidence()).as("the evidence envelope names the normalized error class")
                .singleElement().satisfies(e -> {
                    assertThat(e.errorClass()).isEqualTo("not-found");
                    assertThat(e.data()).isNull();
                });
        assertThat(new EventSchemas().violations(EventType.TURN_COMPLETED,
                new JsonObject(RunEventJson.toJson(completed)))).isEmpty();
    }

    @Test
    void aResultWithoutTheReferencedPathIsNoZeroTargetAndSaysWhatIsMissing() {
        bodies.add(Map.of("customers", List.of(Map.of("id", "C-1001")), "count", 1));
        ExecutionReport report = run(Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Anna Rossi"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id"))))));
        assertThat(report.outcome()).isEqualTo(TurnOutcome.INSUFFICIENT);
        assertThat(report.summary()).doesNotContain("No customer").contains("gave no value for customerId");
    }

    @Test
    void aChainedArgumentIsTakenFromTheEarlierResultAndCheckedLikeAnyOther() {
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1003", "name", "Giulia Bianchi")), "count", 1));
        bodies.add(Map.of("items", List.of(Map.of("id", "O-5004")), "count", 1));
        ExecutionReport report = run(Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Giulia Bianchi"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id"))))));
        assertThat(calls).containsExactly("GET demo-api/customers?name=Giulia%20Bianchi",
                "GET demo-api/customers/C-1003/orders");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.ARTIFACT);
        assertThat(report.selectable()).as("the last step's list is the answer").isEqualTo("a2");
        assertThat(report.summary()).isEqualTo(
                "artifact: customers.search returned 1 record(s); orders.list returned 1 record(s)");
    }

    @Test
    void theEvidenceOfALookupNamesTheRowALaterCallTookAndNoneWhenNoRowOrEveryRowWasTaken() {
        bodies.add(Map.of("items", List.of(Map.of("name", "Giulia B."), Map.of("id", "C-1003", "name", "Giulia Bianchi")),
                "count", 2));
        bodies.add(Map.of("items", List.of(Map.of("id", "O-5004")), "count", 1));
        ExecutionReport report = run(Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Giulia Bianchi"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id"))))));

        assertThat(calls).containsExactly("GET demo-api/customers?name=Giulia%20Bianchi",
                "GET demo-api/customers/C-1003/orders");
        assertThat(completed(report).evidence()).extracting(dev.capplanner.contracts.events.Evidence::selectedRow)
                .as("the search's second row fed the list; the list fed nothing").containsExactly(2, null);

        calls.clear();
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002"))));
        bodies.add(Map.of("items", List.of(Map.of("id", "O-5001")), "count", 1));
        bodies.add(Map.of("items", List.of(Map.of("id", "O-5002")), "count", 1));
        ExecutionReport fanned = run(fanning(new FanOutGate(10, true)), allOrders(true), CallObserver.NONE);
        assertThat(completed(fanned).evidence().get(0).selectedRow()).as("every row was taken: none selected").isNull();
    }

    @Test
    void severalValuesForAChainedArgumentNeedASelectionAndTheCallIsNotMade() {
        ExecutionReport report = run(Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id"))))));
        assertThat(calls).containsExactly("GET demo-api/customers?name=Riccardo%20Lorini");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.SELECTION_REQUIRED);
        assertThat(report.selectable()).as("the user chooses among the search's rows").isEqualTo("a1");
        assertThat(report.summary()).isEqualTo("selection_required: 2 customers named Riccardo Lorini were found;"
                + " which one do you mean? They differ only by their identifier.");
        assertThat(report.choiceCard().options()).extracting(o -> o.values().get("id"))
                .containsExactly("C-1001", "C-1002");
    }

    @Test
    void aSelectionCardShowsTheIdentifierTheMatchedNameAndWhatTellsTheMatchesApart() {
        bodies.add(Map.of("items", List.of(
                Map.of("id", "C-1001", "name", "Riccardo Lorini", "city", "Milano", "email", "riccardo.lorini@example.com",
                        "tenant", "acme"),
                Map.of("id", "C-1002", "name", "Riccardo Lorini", "city", "Torino", "email", "r.lorini@example.org",
                        "tenant", "acme"))));
        // The search's source declares its output fields (city among them): the attribute may be said.
        List<Capability> declaring = CapabilityFixtures.demo().stream().map(c -> !c.name().equals("customers.search") ? c
                : new Capability(c.name(), c.kind(), c.family(), c.entity(), c.operation(), c.description(),
                        c.aliases(), c.readOnly(), c.endpoint(), c.inputSchema(), c.outputCollectionPath(),
                        c.outputPaths(), c.inputsFrom(), null, List.of("id", "name", "city"))).toList();
        ExecutionReport report = runOver(declaring, Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id"))))));
        assertThat(report.summary()).isEqualTo("selection_required: 2 customers named Riccardo Lorini were found;"
                + " which one do you mean? They differ by city.");
        assertThat(report.choiceCard().columns()).containsExactly("id", "name", "city");
        assertThat(report.choiceCard().options()).extracting(o -> o.row() + " " + o.values())
                .containsExactly("1 {id=C-1001, name=Riccardo Lorini, city=Milano}",
                        "2 {id=C-1002, name=Riccardo Lorini, city=Torino}");

        TurnCompleted completed = completed(report);
        assertThat(completed.selectionCard().differBy()).containsExactly("city");
        assertThat(completed.selectionCard().options().get(1).values()).containsEntry("city", "Torino");
        assertThat(new EventSchemas().violations(EventType.TURN_COMPLETED,
                new JsonObject(RunEventJson.toJson(completed)))).as("the card is in the contract").isEmpty();
    }

    @Test
    void severalRowsLookedUpForAnotherToolNeedASelection() {
        // The legacy path looks the customer up before it asks for the orders (selectionFor).
        ExecutionReport report = run(Plan.lookup("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of())), "orders.list"));
        assertThat(report.outcome()).isEqualTo(TurnOutcome.SELECTION_REQUIRED);
        assertThat(report.selectable()).isEqualTo("a1");
        assertThat(report.summary()).isEqualTo("selection_required: 2 customers named Riccardo Lorini were found;"
                + " which one do you mean? They differ only by their identifier.");
        assertThat(report.choiceCard().matched()).isEqualTo(2);
    }

    @Test
    void oneRowLookedUpForAnotherToolIsAnArtifactAndTheSameRowsWithoutSelectionForAreToo() {
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1003", "name", "Giulia Bianchi")), "count", 1));
        ExecutionReport one = run(Plan.lookup("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Giulia Bianchi"), List.of())), "orders.list"));
        assertThat(one.outcome()).isEqualTo(TurnOutcome.ARTIFACT);
        ExecutionReport several = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()))));
        assertThat(several.outcome()).as("customers were asked for: the rows answer").isEqualTo(TurnOutcome.ARTIFACT);
    }

    @Test
    void aChainedValueThatBreaksTheSchemaIsDeniedAtTheLastMile() {
        bodies.add(Map.of("items", List.of(Map.of("id", "../../admin")), "count", 1));
        ExecutionReport report = run(Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Giulia Bianchi"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id"))))));
        assertThat(calls).hasSize(1);
        assertThat(report.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(completed(report).evidence()).singleElement()
                .satisfies(e -> assertThat(e.selectedRow()).as("the call that took the row was refused").isNull());
    }

    @Test
    void deniedActionMakesNoPhysicalCallAndStopsWhatDependsOnIt() {
        ExecutionReport report = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "orders.cancel", Map.of("orderId", "O-5002"), List.of()),
                new PlannedAction("a2", "orders.detail", Map.of("orderId", "O-5002"), List.of("a1")))));
        assertThat(calls).isEmpty();
        assertThat(report.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(report.results()).singleElement().isInstanceOf(CallOutcome.Denied.class);
    }

    @Test
    @org.junit.jupiter.api.Timeout(10)
    void independentActionsRunTogetherEachBehindItsOwnLastMileAndReportInPlanOrder() {
        java.util.concurrent.CompletableFuture<ToolResponse> slow = new java.util.concurrent.CompletableFuture<>();
        List<String> started = new java.util.concurrent.CopyOnWriteArrayList<>();
        ToolInvoker gated = (endpoint, arguments) -> {
            started.add(binder.bind(endpoint, arguments));
            // The first call waits until the second has started: only concurrent calls get past this.
            if (started.size() == 1) {
                return slow;
            }
            slow.complete(ToolResponse.http(200, Map.of("id", "O-5001")));
            return CompletableFuture.completedFuture(ToolResponse.http(200, Map.of("id", "O-5002")));
        };
        PlanExecutor concurrent = allowingAll(gated, ExecutionPolicy.PLAIN);
        ExecutionReport report = run(concurrent, Plan.actions("classic", List.of(
                new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5001"), List.of()),
                new PlannedAction("a2", "orders.detail", Map.of("orderId", "O-5002"), List.of()),
                new PlannedAction("a3", "orders.cancel", Map.of("orderId", "O-5003"), List.of()))), CallObserver.NONE);
        assertThat(started).containsExactly("/orders/O-5001", "/orders/O-5002");
        assertThat(report.results()).extracting(CallOutcome::actionId).containsExactly("a1", "a2", "a3");
        assertThat(report.outcome()).as("the refused one still refuses").isEqualTo(TurnOutcome.DENIED);
        assertThat(report.summary()).startsWith("denied: orders.detail returned 1 record(s); orders.detail returned 1"
                + " record(s); orders.cancel was denied");
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

    @Test
    void everySentCallIsObservedAndCountedAndARefusedOneIsNeither() {
        nextStatus = 404;
        List<String> observed = new ArrayList<>();
        CallObserver observer = (action, endpoint) -> {
            observed.add("sending " + action.id() + " " + endpoint.service());
            return (response, error) -> observed.add("ended " + action.id() + " " + response.failure());
        };
        ExecutionReport failed = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-9999"), List.of()))), observer);
        ExecutionReport refused = run(Plan.actions("classic", List.of(
                new PlannedAction("a1", "orders.cancel", Map.of("orderId", "O-5002"), List.of()))), observer);
        assertThat(observed).containsExactly("sending a1 demo-api", "ended a1 HTTP 404");
        assertThat(failed.sentCalls()).isEqualTo(1);
        assertThat(failed.deniedCalls()).isZero();
        assertThat(refused.sentCalls()).isZero();
        assertThat(refused.deniedCalls()).isEqualTo(1);
    }

    @Test
    void aCallTheLedgerRecordedIsNotMadeAgainAndItsResponseIsReused() {
        MemoryCallLedger memory = new MemoryCallLedger();
        PlanExecutor remembering = allowingAll(recording,
                ExecutionPolicy.PLAIN.withLedger(memory, java.time.Duration.ofSeconds(1)));
        Plan plan = Plan.actions("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of())));
        ExecutionReport first = run(remembering, plan, CallObserver.NONE);
        nextBody = Map.of("items", List.of());
        ExecutionReport redelivered = run(remembering, plan, CallObserver.NONE);
        assertThat(calls).as("one physical call for two deliveries").hasSize(1);
        assertThat(first.sentCalls()).isEqualTo(1);
        assertThat(redelivered.sentCalls()).as("the counters say what was sent: nothing the second time").isZero();
        assertThat(redelivered.summary()).isEqualTo(first.summary())
                .isEqualTo("artifact: customers.search returned 2 record(s)");
    }

    @Test
    void aCallAnotherDeliveryIsMakingIsAwaitedNotRepeated() {
        java.util.concurrent.atomic.AtomicInteger claims = new java.util.concurrent.atomic.AtomicInteger();
        CallLedger busyThenDone = new CallLedger() {
            @Override
            public CompletionStage<Claim> claim(CallKey key) {
                return CompletableFuture.completedFuture(claims.incrementAndGet() < 3 ? new Claim.Busy()
                        : new Claim.Recorded(ToolResponse.http(200, Map.of("items", List.of(Map.of("id", "C-1001"))))));
            }

            @Override
            public CompletionStage<Void> record(CallKey key, ToolResponse response) {
                throw new AssertionError("nothing to record: the call was not made here");
            }
        };
        PlanExecutor waiting = allowingAll(recording,
                ExecutionPolicy.PLAIN.withLedger(busyThenDone, java.time.Duration.ofSeconds(5)));
        ExecutionReport report = run(waiting, Plan.actions("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Anna Conti"), List.of()))), CallObserver.NONE);
        assertThat(calls).isEmpty();
        assertThat(claims).hasValue(3);
        assertThat(report.summary()).isEqualTo("artifact: customers.search returned 1 record(s)");
    }

    @Test
    void aStepTheUserAskedAboutSeveralOfIsMadeOncePerValueAndSummarized() {
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002"))));
        bodies.add(Map.of("items", List.of(Map.of("id", "O-5001")), "count", 1));
        bodies.add(Map.of("items", List.of(Map.of("id", "O-5002"), Map.of("id", "O-5003")), "count", 2));
        ExecutionReport report = run(fanning(new FanOutGate(10, true)), allOrders(true), CallObserver.NONE);
        assertThat(calls).containsExactly("GET demo-api/customers?name=Riccardo%20Lorini",
                "GET demo-api/customers/C-1001/orders", "GET demo-api/customers/C-1002/orders");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.ARTIFACT);
        assertThat(report.results()).extracting(CallOutcome::actionId).containsExactly("a1", "a2.1", "a2.2");
        assertThat(report.summary()).isEqualTo("artifact: customers.search returned 2 record(s); orders.list for 2"
                + " values of customerId (items[].id of customers.search): 2 sent, 2 succeeded, 0 failed");
    }

    @Test
    void withoutTheUsersIntentOrOverTheMaximumSeveralValuesStillNeedASelection() {
        ExecutionReport unasked = run(fanning(new FanOutGate(10, true)), allOrders(false), CallObserver.NONE);
        assertThat(unasked.outcome()).isEqualTo(TurnOutcome.SELECTION_REQUIRED);
        assertThat(unasked.summary()).isEqualTo("selection_required: 2 customers named Riccardo Lorini were found;"
                + " which one do you mean? They differ only by their identifier.");
        calls.clear();
        ExecutionReport tooMany = run(fanning(new FanOutGate(1 + 1, true)), allOrdersOf(3), CallObserver.NONE);
        assertThat(tooMany.outcome()).isEqualTo(TurnOutcome.INSUFFICIENT);
        assertThat(tooMany.summary()).isEqualTo("insufficient: 3 customers named Riccardo Lorini were found, more than"
                + " the 2 one question may cover; please narrow it down.");
        assertThat(calls).hasSize(1);
        calls.clear();
        ExecutionReport ungated = run(fanning(new FanOutGate(10, false)), allOrders(false), CallObserver.NONE);
        assertThat(ungated.results()).extracting(CallOutcome::actionId).containsExactly("a1", "a2.1", "a2.2");
    }

    /** A bulk read: the orders of several customers in one call, their ids as one list. */
    static final Capability BULK_ORDERS = CapabilityFixtures.declared(new Capability("orders.of-customers", "api",
            "api:orders", "order", "list", "List the orders of several customers at once.", List.of(), true,
            new dev.capplanner.contracts.events.Endpoint("demo-api", "GET", "/orders"), Map.of("type", "object",
            "required", List.of("customerIds"), "additionalProperties", false, "properties", Map.of("customerIds",
                    Map.of("type", "array", "maxItems", 5, "items", Map.of("type", "string", "pattern", "^C-[0-9]{4}$")))),
            "items"), List.of("items[].id"), List.of());

    @Test
    void aBulkStepTakesEveryValueInOneCallUnderTheSameGateAsIterating() {
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002"))));
        bodies.add(Map.of("items", List.of(Map.of("id", "O-5001"), Map.of("id", "O-5002")), "count", 2));
        ExecutionReport report = runWith(fanning(new FanOutGate(10, true)), bulkOrders(true));
        assertThat(calls).containsExactly("GET demo-api/customers?name=Riccardo%20Lorini",
                "GET demo-api/orders?customerIds=C-1001&customerIds=C-1002");
        assertThat(report.results()).extracting(CallOutcome::actionId).containsExactly("a1", "a2");
        assertThat(report.outcome()).isEqualTo(TurnOutcome.ARTIFACT);

        calls.clear();
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002"))));
        assertThat(runWith(fanning(new FanOutGate(10, true)), bulkOrders(false)).outcome())
                .as("the user did not ask about all of them").isEqualTo(TurnOutcome.SELECTION_REQUIRED);
        calls.clear();
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002"), Map.of("id", "C-1003"))));
        assertThat(runWith(fanning(new FanOutGate(2, true)), bulkOrders(true)).outcome())
                .as("more than the gate's maximum").isEqualTo(TurnOutcome.INSUFFICIENT);
        assertThat(calls).hasSize(1);
    }

    @Test
    void aListThePlanNamesItselfIsBoundedByTheGateAndAListWithSeveralCountsAsTheOneArgumentWithSeveral() {
        ExecutionReport named = runWith(fanning(new FanOutGate(2, true)), Plan.actions("capability", List.of(
                new PlannedAction("a1", "orders.of-customers", Map.of("customerIds", List.of("C-1001", "C-1002",
                        "C-1003")), List.of()))));
        assertThat(named.outcome()).isEqualTo(TurnOutcome.INSUFFICIENT);
        assertThat(calls).as("three named targets, two allowed").isEmpty();

        // Both lookups run in one wave, in either order: each finds two.
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002"))));
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "C-1002"))));
        ExecutionReport both = runWith(fanning(new FanOutGate(10, true)), listAndFanOut());
        assertThat(both.outcome()).as("a list of two and a fan-out of two would be four targets")
                .isEqualTo(TurnOutcome.SELECTION_REQUIRED);
    }

    /** A step that takes a list from one lookup and a fanned-out value from another. */
    private static Plan listAndFanOut() {
        return Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of("customerId", "C-1001"), List.of()),
                new PlannedAction("a3", "orders.of-customers", Map.of(), List.of("a1", "a2"),
                        Map.of("customerIds", new ValueSource("a1", "items[].id"),
                                "orderId", new ValueSource("a2", "items[].id")), true)));
    }

    private Plan bulkOrders(boolean fanOut) {
        return Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()),
                new PlannedAction("a2", "orders.of-customers", Map.of(), List.of("a1"),
                        Map.of("customerIds", new ValueSource("a1", "items[].id")), fanOut)));
    }

    private ExecutionReport runWith(PlanExecutor with, Plan plan) {
        List<Capability> snapshot = new ArrayList<>(CapabilityFixtures.demo());
        snapshot.add(BULK_ORDERS);
        PlanProposed proposed = new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "capability",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), snapshot), plan, null, null);
        return with.execute(ExecutionEvents.request(proposed, snapshot), CallObserver.NONE).toCompletableFuture().join();
    }

    @Test
    void aFannedOutCallTheLastMileRefusesStopsTheRest() {
        bodies.add(Map.of("items", List.of(Map.of("id", "C-1001"), Map.of("id", "../admin"), Map.of("id", "C-1003"))));
        ExecutionReport report = run(fanning(new FanOutGate(10, true)), allOrdersOf(0), CallObserver.NONE);
        assertThat(report.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(calls).as("the refused one and those after it are not sent").hasSize(2);
        assertThat(report.results()).extracting(CallOutcome::actionId).containsExactly("a1", "a2.1", "a2.2");
    }

    @Test
    void aCollectionIsKeptAsAnArtifactOfTheRunsTenantAndConversationAndItsEvidenceNamesTheHandle() {
        List<String> kept = new ArrayList<>();
        ArtifactStore store = (key, scope, source, collectionPath, rows) -> {
            kept.add(key.actionId() + " " + scope.tenantId() + " " + scope.conversationId() + " " + source.tool() + " "
                    + source.entity() + " " + collectionPath + " " + rows.size());
            return CompletableFuture.completedFuture("art_" + "0".repeat(32));
        };
        PlanExecutor keeping = allowingAll(recording, ExecutionPolicy.PLAIN.withArtifacts(store));
        ExecutionReport search = run(keeping, Plan.actions("classic", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()))),
                CallObserver.NONE);
        assertThat(kept).as("the rows are the snapshot's customer entity").containsExactly(
                "a1 acme conv-r customers.search customer items 2");
        assertThat(search.evidence()).singleElement()
                .satisfies(e -> assertThat(e.handle()).isEqualTo("art_" + "0".repeat(32)));
        nextBody = Map.of("id", "O-5002");
        ExecutionReport detail = run(keeping, Plan.actions("classic", List.of(
                new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of()))), CallObserver.NONE);
        assertThat(kept).as("a detail is no collection to select from").hasSize(1);
        assertThat(detail.evidence()).singleElement().satisfies(e -> assertThat(e.handle()).isNull());
    }

    private PlanExecutor fanning(FanOutGate gate) {
        return allowingAll(recording, ExecutionPolicy.PLAIN.withFanOut(gate));
    }

    private Plan allOrders(boolean fanOut) {
        return Plan.actions("capability", List.of(
                new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()),
                new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                        Map.of("customerId", new ValueSource("a1", "items[].id")), fanOut)));
    }

    /** The plan above over a search that finds {@code customers} customers (0: the body queued already). */
    private Plan allOrdersOf(int customers) {
        if (customers > 0) {
            List<Object> items = new ArrayList<>();
            for (int i = 1; i <= customers; i++) {
                items.add(Map.of("id", "C-100" + i));
            }
            bodies.add(Map.of("items", items));
        }
        return allOrders(true);
    }

    /** An executor whose registry allows every call, over {@code invoker}. */
    private static PlanExecutor allowingAll(ToolInvoker invoker, ExecutionPolicy policy) {
        return new PlanExecutor(new LastMileAuthorizer(java.util.Set.of("demo-api"),
                (run, principal, tool) -> CompletableFuture.completedFuture(AuthorizationDecision.allow()),
                new dev.capplanner.executor.schema.JsonSchemaArgumentCheck()), invoker, new EvidenceSummarizer(), policy);
    }

    private ExecutionReport run(Plan plan) {
        return run(plan, CallObserver.NONE);
    }

    private ExecutionReport run(PlanExecutor with, Plan plan, CallObserver observer) {
        List<Capability> demo = CapabilityFixtures.demo();
        PlanProposed proposed = new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "shadow",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), demo), plan, null, null);
        return with.execute(ExecutionEvents.request(proposed, demo), observer).toCompletableFuture().join();
    }

    private static TurnCompleted completed(ExecutionReport report) {
        PlanProposed proposed = new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "shadow",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), CapabilityFixtures.demo()),
                Plan.actions("capability", List.of()), null, null);
        return ExecutionEvents.completed(proposed, report,
                new EventStamps.Stamp("e-1", Instant.parse("2026-12-06T10:00:00Z")));
    }

    private ExecutionReport runOver(List<Capability> catalog, Plan plan) {
        PlanProposed proposed = new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "shadow",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), catalog), plan, null, null);
        return executor.execute(ExecutionEvents.request(proposed, catalog), CallObserver.NONE).toCompletableFuture()
                .join();
    }

    private ExecutionReport run(Plan plan, CallObserver observer) {
        List<Capability> demo = CapabilityFixtures.demo();
        PlanProposed proposed = new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "shadow",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), demo), plan, null, null);
        return executor.execute(ExecutionEvents.request(proposed, demo), observer).toCompletableFuture().join();
    }
}
