package dev.capplanner.capabilityplans.execution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.capabilityplans.PlanTexts;
import dev.capplanner.capabilityplans.language.CapabilityPlanCompiler;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** One case per rule of the plan language at run time: step kinds, hidden arguments, rules, budget. */
class CapabilityPlanEngineTest {

    private static final Map<String, String> RUN = Map.of("tenant", "acme", "principal", "u-7",
            "conversation", "conv-1", "project", "support-desk", "run", "run-1");
    private static final String OPEN = "{\"type\": \"object\"}";
    private static final String CUSTOMER = """
            {"name": "customer", "kind": "lookup", "required": true,
             "from": {"capability": "customers.detail", "args": {"customerId": {"arg": "customerId"}}}}""";

    private final ScriptedCalls calls = new ScriptedCalls()
            .object("customers.detail", Map.of("id", "C-1001", "name", "Riccardo Lorini", "status", "active"))
            .rows("invoices.list", List.of(
                    Map.of("id", "INV-1", "orderId", "O-1", "amount", 120.5, "status", "overdue"),
                    Map.of("id", "INV-2", "orderId", "O-2", "amount", 80, "status", "paid"),
                    Map.of("id", "INV-3", "orderId", "O-3", "amount", 400, "status", "unpaid")))
            .rows("orders.list", List.of(
                    Map.of("id", "O-1", "status", "delivered"),
                    Map.of("id", "O-2", "status", "delivered"),
                    Map.of("id", "O-3", "status", "shipped"),
                    Map.of("id", "O-4", "status", "shipped")));

    @Test
    void lookupOutputsTheOneRowProjected() {
        CapabilityPlanOutcome.Decided decided = decided(PlanTexts.plan("[" + CUSTOMER.replace("\"required\": true,",
                "\"required\": true, \"output\": {\"who\": \"name\"},") + "]", "[]", "{\"customer\": \"customer\"}", OPEN));

        assertThat(decided.result().get("customer")).isEqualTo(Map.of("who", "Riccardo Lorini"));
        assertThat(calls.made).containsExactly(new ScriptedCalls.Made("customer", "customers.detail",
                Map.of("customerId", "C-1001")));
    }

    @Test
    void aRequiredLookupWithoutItsRowFailsThePlan() {
        calls.answer("customers.detail", arguments -> new StepResponse.NotFound());

        CapabilityPlanOutcome outcome = run(PlanTexts.plan("[" + CUSTOMER + ", " + count("orders", null) + "]", "[]",
                "{\"customer\": \"customer\"}", OPEN));

        assertThat(outcome).isInstanceOf(CapabilityPlanOutcome.Failed.class);
        assertThat(((CapabilityPlanOutcome.Failed) outcome).cause()).isEqualTo(FailureCause.ROW_MISSING);
        assertThat(((CapabilityPlanOutcome.Failed) outcome).reason()).contains("customer found no row", "required");
        assertThat(calls.made).hasSize(1);
    }

    @Test
    void anOptionalLookupWithoutItsRowOutputsNull() {
        calls.answer("customers.detail", arguments -> new StepResponse.NotFound());

        CapabilityPlanOutcome.Decided decided = decided(PlanTexts.plan("[" + CUSTOMER.replace("true", "false") + "]",
                "[{\"when\": {\"left\": {\"step\": \"customer\"}, \"op\": \"absent\"}, \"decision\": \"unknown\","
                        + " \"reason\": \"no_customer\", \"detail\": \"No such customer.\"}]",
                "{\"customer\": \"customer\"}", OPEN));

        assertThat(decided.decision()).isEqualTo("unknown");
        assertThat(decided.result()).containsEntry("customer", null);
    }

    @Test
    void aLookupThatMatchesSeveralRowsFailsThePlan() {
        CapabilityPlanOutcome outcome = run(PlanTexts.plan("""
                [{"name": "invoice", "kind": "lookup",
                  "from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}},
                  "where": {"left": {"row": "status"}, "op": "ne", "right": "paid"}}]""", "[]", "{}", OPEN));

        assertThat(((CapabilityPlanOutcome.Failed) outcome).reason()).isEqualTo("lookup invoice matched 2 rows; a lookup needs one");
    }

    @Test
    void aScanKeepsAtMostItsLimitOfFilteredRowsWithTheChosenFields() {
        CapabilityPlanOutcome.Decided decided = decided(PlanTexts.plan("""
                [{"name": "unpaid", "kind": "scan", "limit": 1,
                  "from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}},
                  "where": {"left": {"row": "status"}, "op": "in", "right": ["unpaid", "overdue"]},
                  "output": {"invoice": "id", "due": "amount"}}]""", "[]", "{\"unpaid\": \"unpaid\"}", OPEN));

        assertThat(decided.result().get("unpaid")).isEqualTo(Map.of("rows",
                List.of(Map.of("invoice", "INV-1", "due", 120.5)), "total", 2));
    }

    @Test
    void countAndSumAggregateTheFilteredRows() {
        CapabilityPlanOutcome.Decided decided = decided(PlanTexts.plan("[" + count("invoices", "{\"left\": {\"row\": \"status\"},"
                + " \"op\": \"ne\", \"right\": \"paid\"}") + ", " + """
                {"name": "owed", "kind": "sum", "value": "amount",
                 "from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}},
                 "where": {"left": {"row": "status"}, "op": "ne", "right": "paid"}}]""", "[]",
                "{\"count\": \"invoices\", \"owed\": \"owed\"}", OPEN));

        assertThat(decided.result().get("count")).isEqualTo(2);
        assertThat((BigDecimal) decided.result().get("owed")).isEqualByComparingTo("520.5");
        assertThat(calls.made).as("both steps call invoices.list with the same arguments: one call")
                .extracting(ScriptedCalls.Made::callId).containsExactly("invoices");
    }

    @Test
    void aSumOverAFieldThatIsNotANumberFailsThePlan() {
        CapabilityPlanOutcome outcome = run(PlanTexts.plan("""
                [{"name": "owed", "kind": "sum", "value": "status",
                  "from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}}}]""",
                "[]", "{}", OPEN));

        assertThat(((CapabilityPlanOutcome.Failed) outcome).reason()).isEqualTo("sum owed: status of row 1 is not a number");
    }

    @Test
    void existsWithAnAntiJoinChecksForRowsThatNothingMatches() {
        String uninvoicedShipped = """
                [{"name": "uninvoiced", "kind": "exists",
                  "from": {"capability": "orders.list", "args": {"customerId": {"arg": "customerId"}}},
                  "where": {"left": {"row": "status"}, "op": "eq", "right": "%s"},
                  "antiJoin": {"from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}},
                               "on": {"id": "orderId"}}}]""";

        CapabilityPlanOutcome.Decided shipped = decided(PlanTexts.plan(uninvoicedShipped.formatted("shipped"), "[]",
                "{\"uninvoiced\": \"uninvoiced\"}", OPEN));
        CapabilityPlanOutcome.Decided delivered = decided(PlanTexts.plan(uninvoicedShipped.formatted("delivered"), "[]",
                "{\"uninvoiced\": \"uninvoiced\"}", OPEN));

        assertThat(shipped.result().get("uninvoiced")).as("O-4 is shipped and has no invoice").isEqualTo(true);
        assertThat(delivered.result().get("uninvoiced")).as("O-1 and O-2 both have invoices").isEqualTo(false);
        assertThat(calls.made).extracting(ScriptedCalls.Made::callId)
                .containsExactly("uninvoiced", "uninvoiced.antiJoin", "uninvoiced", "uninvoiced.antiJoin");
    }

    @Test
    void aRefusedAntiJoinCallRefusesThePlan() {
        calls.answer("invoices.list", arguments -> new StepResponse.Refused("REGISTRY_DENIED", "revoked"));

        CapabilityPlanOutcome outcome = run(PlanTexts.plan("""
                [{"name": "uninvoiced", "kind": "exists",
                  "from": {"capability": "orders.list", "args": {"customerId": {"arg": "customerId"}}},
                  "antiJoin": {"from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}},
                               "on": {"id": "orderId"}}}]""", "[]", "{}", OPEN));

        assertThat(outcome).isInstanceOfSatisfying(CapabilityPlanOutcome.Refused.class, refused -> {
            assertThat(refused.step()).isEqualTo("uninvoiced");
            assertThat(refused.rule()).isEqualTo("REGISTRY_DENIED");
        });
    }

    @Test
    void invokePassesArgumentsFromTheCallerHiddenBindingsAndEarlierSteps() {
        calls.object("customers.risk", Map.of("score", 12));

        CapabilityPlanOutcome.Decided decided = decided(PlanTexts.plan("[" + CUSTOMER + ", " + """
                {"name": "risk", "kind": "invoke", "from": {"capability": "customers.risk",
                  "args": {"name": {"step": "customer", "field": "name"}, "tenant": {"hidden": "tenantId"},
                           "depth": 2}}}]""", "[]", "{\"risk\": \"risk\"}", OPEN));

        assertThat(calls.made.get(1).arguments()).isEqualTo(Map.of("name", "Riccardo Lorini", "tenant", "acme",
                "depth", 2));
        assertThat(decided.result().get("risk")).isEqualTo(Map.of("score", 12));
    }

    @Test
    void searchKeepsAtMostItsLimitOfHits() {
        calls.answer("kb:help-center/search", arguments -> new StepResponse.Returned(Map.of("items", List.of(
                Map.of("id", "a1"), Map.of("id", "a2"), Map.of("id", "a3"))), "items"));
        CapabilityPlan plan = PlanTexts.read(PlanTexts.text(1, """
                [{"name": "articles", "kind": "search", "limit": 2,
                  "from": {"capability": "kb:help-center/search", "args": {"query": {"arg": "question"}}}}]""",
                "[]", "{\"articles\": \"articles\"}", OPEN, "").replace("\"customerId\": {\"type\": \"string\"}",
                "\"customerId\": {\"type\": \"string\"}, \"question\": {\"type\": \"string\"}"));

        CapabilityPlanOutcome.Decided decided = decided(plan, Map.of("customerId", "C-1001", "question", "refund"));

        assertThat(decided.result().get("articles")).isEqualTo(Map.of("rows", List.of(Map.of("id", "a1"),
                Map.of("id", "a2")), "total", 3));
        assertThat(calls.made.get(0).arguments()).isEqualTo(Map.of("query", "refund"));
    }

    @Test
    void aCallerThatSetsAHiddenArgumentIsRefusedBeforeAnyCall() {
        CapabilityPlanOutcome outcome = run(PlanTexts.plan("[" + CUSTOMER + "]", "[]", "{}", OPEN),
                Map.of("customerId", "C-1001", "tenantId", "globex"));

        assertThat(outcome).isInstanceOf(CapabilityPlanOutcome.Refused.class);
        assertThat(((CapabilityPlanOutcome.Refused) outcome).rule()).isEqualTo(CapabilityPlanEngine.HIDDEN_ARGUMENT);
        assertThat(calls.made).isEmpty();
    }

    @Test
    void aHiddenArgumentWhoseSourceTheRunLacksFailsThePlan() {
        CapabilityPlanOutcome outcome = new CapabilityPlanEngine().run(CapabilityPlanCompiler.compile(PlanTexts.plan("[" + CUSTOMER + "]", "[]",
                        "{}", OPEN)), new CapabilityPlanInput(Map.of("customerId", "C-1001"), Map.of("principal", "u-7")), calls,
                EvidenceHandles.NONE).toCompletableFuture().join();

        assertThat(((CapabilityPlanOutcome.Failed) outcome).reason()).contains("tenantId binds tenant");
    }

    @Test
    void rulesRunInOrderAndTheLastThatHoldsDecides() {
        CapabilityPlanOutcome.Decided decided = decided(owedPlan("""
                [{"when": {"left": {"step": "owed"}, "op": "gt", "right": 100}, "decision": "review",
                  "reason": "owes_over_100", "detail": "Owes more than 100."},
                 {"when": {"left": {"step": "owed"}, "op": "gt", "right": 500}, "decision": "hold",
                  "reason": "owes_over_500", "detail": "Owes more than 500."},
                 {"when": {"left": {"step": "owed"}, "op": "gt", "right": 1000}, "decision": "block",
                  "reason": "owes_over_1000", "detail": "Owes more than 1000."}]"""));

        assertThat(decided.decision()).isEqualTo("hold");
        assertThat(decided.reasons()).extracting(Reason::code).containsExactly("owes_over_100", "owes_over_500");
    }

    @Test
    void aTerminalRuleEndsTheRules() {
        CapabilityPlanOutcome.Decided decided = decided(owedPlan("""
                [{"when": {"left": {"step": "owed"}, "op": "gt", "right": 100}, "decision": "review",
                  "reason": "owes_over_100", "detail": "Owes more than 100.", "terminal": true},
                 {"when": {"left": {"step": "owed"}, "op": "gt", "right": 500}, "decision": "hold",
                  "reason": "owes_over_500", "detail": "Owes more than 500."}]"""));

        assertThat(decided.decision()).isEqualTo("review");
        assertThat(decided.reasons()).extracting(Reason::code).containsExactly("owes_over_100");
        assertThat(decided.result().get("reasons")).isEqualTo(List.of(Map.of("code", "owes_over_100",
                "decision", "review", "detail", "Owes more than 100.")));
    }

    @Test
    void theDefaultDecisionStandsWhenNoRuleHolds() {
        CapabilityPlanOutcome.Decided decided = decided(owedPlan("""
                [{"when": {"all": [{"left": {"step": "owed"}, "op": "gt", "right": 100},
                                   {"not": {"left": {"arg": "customerId"}, "op": "eq", "right": "C-1001"}}]},
                  "decision": "review", "reason": "owes_over_100", "detail": "Owes more than 100."}]"""));

        assertThat(decided.decision()).isEqualTo("ok");
        assertThat(decided.reasons()).isEmpty();
        assertThat(decided.result()).containsEntry("decision", "ok").containsEntry("reasons", List.of());
    }

    @Test
    void aRefusedStepCallRefusesThePlanAndMakesNoLaterCall() {
        calls.answer("customers.detail", arguments -> new StepResponse.Refused("not_in_snapshot", "not granted"));

        CapabilityPlanOutcome outcome = run(PlanTexts.plan("[" + CUSTOMER + ", " + count("orders", null) + "]", "[]", "{}", OPEN));

        assertThat(outcome).isEqualTo(new CapabilityPlanOutcome.Refused("accounts.check", 1, "customer", "not_in_snapshot",
                "not granted", List.of(new StepTrace("customer", "lookup", "customers.detail",
                "refused: not_in_snapshot"))));
        assertThat(calls.made).hasSize(1);
    }

    @Test
    void aFailedStepCallFailsThePlan() {
        calls.answer("customers.detail", arguments -> new StepResponse.Failed("HTTP 503"));

        CapabilityPlanOutcome outcome = run(PlanTexts.plan("[" + CUSTOMER + "]", "[]", "{}", OPEN));

        assertThat(((CapabilityPlanOutcome.Failed) outcome).reason()).isEqualTo("customers.detail failed: HTTP 503");
        assertThat(((CapabilityPlanOutcome.Failed) outcome).step()).isEqualTo("customer");
    }

    @Test
    void aResultThatBreaksReturnsFailsThePlan() {
        CapabilityPlanOutcome outcome = run(PlanTexts.plan("[" + CUSTOMER + "]", "[]", "{\"customer\": \"customer\"}", """
                {"type": "object", "properties": {"customer": {"type": "object", "required": ["email"]}}}"""));

        assertThat(((CapabilityPlanOutcome.Failed) outcome).reason()).startsWith("the result does not match returns at /customer");
    }

    @Test
    void reasonsBeyondTheBudgetAreLeftOutFirstOnesKept() {
        CapabilityPlan plan = PlanTexts.read(PlanTexts.text(1, "[" + owedStep() + "]", """
                [{"when": {"left": {"step": "owed"}, "op": "gt", "right": 1}, "decision": "a", "reason": "one", "detail": "1"},
                 {"when": {"left": {"step": "owed"}, "op": "gt", "right": 2}, "decision": "b", "reason": "two", "detail": "2"},
                 {"when": {"left": {"step": "owed"}, "op": "gt", "right": 3}, "decision": "c", "reason": "three", "detail": "3"}]""",
                "{}", OPEN, ", \"budget\": {\"maxReasons\": 2}"));

        CapabilityPlanOutcome.Decided decided = decided(plan);

        assertThat(decided.decision()).as("the budget shortens the list, not the decision").isEqualTo("c");
        assertThat(decided.reasons()).extracting(Reason::code).containsExactly("one", "two");
        assertThat(decided.trimmed()).containsExactly("reasons: 1 left out of 3");
    }

    @Test
    void rowsBeyondTheInlineBudgetAreCutAndKeptBehindAHandle() {
        AtomicReference<List<Map<String, Object>>> kept = new AtomicReference<>();
        EvidenceHandles handles = (step, capability, rows) -> {
            kept.set(rows);
            return CompletableFuture.completedFuture(Optional.of("art-1"));
        };
        CapabilityPlan plan = PlanTexts.read(PlanTexts.text(1, """
                [{"name": "invoices", "kind": "scan",
                  "from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}}}]""",
                "[]", "{\"invoices\": \"invoices\"}", OPEN, ", \"budget\": {\"maxInlineEvidenceItems\": 1}"));

        CapabilityPlanOutcome.Decided decided = (CapabilityPlanOutcome.Decided) new CapabilityPlanEngine().run(CapabilityPlanCompiler.compile(plan),
                new CapabilityPlanInput(Map.of("customerId", "C-1001"), RUN), calls, handles).toCompletableFuture().join();

        assertThat(decided.result().get("invoices")).isEqualTo(Map.of("rows", List.of(Map.of("id", "INV-1",
                "orderId", "O-1", "amount", 120.5, "status", "overdue")), "total", 3, "truncated", true, "handle", "art-1"));
        assertThat(kept.get()).hasSize(3);
        assertThat(decided.trimmed()).containsExactly("invoices: 1 of 3 rows inline, all under handle art-1");
    }

    @Test
    void aResultOverItsTokenBudgetLeavesOutItsLargestEntryFirst() {
        calls.object("customers.detail", Map.of("id", "C-1001", "notes", "x ".repeat(400)));
        CapabilityPlan plan = PlanTexts.read(PlanTexts.text(1, "[" + CUSTOMER + ", " + count("orders", null) + "]",
                "[]", "{\"customer\": \"customer\", \"orders\": \"orders\"}", OPEN,
                ", \"budget\": {\"maxOutputTokens\": 100}"));

        CapabilityPlanOutcome.Decided decided = decided(plan);

        assertThat(decided.result().get("customer")).isEqualTo(Map.of("omitted", "over the token budget"));
        assertThat(decided.result().get("orders")).isEqualTo(4);
        assertThat(decided.trimmed()).containsExactly("customer: left out, over the budget of 100 tokens");
    }

    @Test
    void aDecisionWhoseReasonsAloneExceedTheBudgetFailsThePlan() {
        CapabilityPlan plan = PlanTexts.read(PlanTexts.text(1, "[" + owedStep() + "]", """
                [{"when": {"left": {"step": "owed"}, "op": "gt", "right": 1}, "decision": "a", "reason": "one",
                  "detail": "%s"}]""".formatted("word ".repeat(59)), "{}", OPEN, ", \"budget\": {\"maxOutputTokens\": 50}"));

        assertThat(((CapabilityPlanOutcome.Failed) run(plan)).reason())
                .isEqualTo("the decision and its reasons alone exceed the budget of 50 tokens");
    }

    private CapabilityPlan owedPlan(String rules) {
        return PlanTexts.plan("[" + owedStep() + "]", rules, "{\"owed\": \"owed\"}", OPEN);
    }

    private static String owedStep() {
        return """
                {"name": "owed", "kind": "sum", "value": "amount",
                 "from": {"capability": "invoices.list", "args": {"customerId": {"arg": "customerId"}}},
                 "where": {"left": {"row": "status"}, "op": "ne", "right": "paid"}}""";
    }

    private static String count(String name, String where) {
        return """
                {"name": "%s", "kind": "count",
                 "from": {"capability": "%s.list", "args": {"customerId": {"arg": "customerId"}}}%s}"""
                .formatted(name, name, where == null ? "" : ", \"where\": " + where);
    }

    private CapabilityPlanOutcome.Decided decided(CapabilityPlan plan) {
        return decided(plan, Map.of("customerId", "C-1001"));
    }

    private CapabilityPlanOutcome.Decided decided(CapabilityPlan plan, Map<String, Object> arguments) {
        CapabilityPlanOutcome outcome = run(plan, arguments);
        assertThat(outcome).isInstanceOf(CapabilityPlanOutcome.Decided.class);
        return (CapabilityPlanOutcome.Decided) outcome;
    }

    private CapabilityPlanOutcome run(CapabilityPlan plan) {
        return run(plan, Map.of("customerId", "C-1001"));
    }

    private CapabilityPlanOutcome run(CapabilityPlan plan, Map<String, Object> arguments) {
        return new CapabilityPlanEngine().run(CapabilityPlanCompiler.compile(plan), new CapabilityPlanInput(arguments, RUN), calls,
                EvidenceHandles.NONE).toCompletableFuture().join();
    }
}
