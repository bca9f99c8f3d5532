package dev.capplanner.capabilityplans.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.capplanner.capabilityplans.PlanTexts;
import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The references a plan makes, checked before it is registered: one case per rule, each with its place. */
class CapabilityPlanCompilerTest {

    private static final String OPEN = "{\"type\": \"object\"}";
    private static final String CUSTOMER = """
            {"name": "customer", "kind": "lookup", "required": true,
             "from": {"capability": "customers.detail", "args": {"customerId": {"arg": "customerId"}}}}""";

    @Test
    void aValidPlanCompilesIntoTypedStepsAndRules() {
        CompiledCapabilityPlan plan = CapabilityPlanCompiler.compile(PlanTexts.plan("[" + CUSTOMER + ", " + orders("{\"step\": \"customer\","
                + " \"field\": \"id\"}") + "]", "[{\"when\": {\"left\": {\"step\": \"orders\"}, \"op\": \"gt\","
                + " \"right\": 3}, \"decision\": \"busy\", \"reason\": \"many_orders\", \"detail\": \"Many.\"}]",
                "{\"orders\": \"orders\"}", OPEN));

        assertThat(plan.steps()).extracting(Step::kind).containsExactly("lookup", "count");
        assertThat(plan.steps().get(1).from().args().get("customerId"))
                .isEqualTo(new Operand.StepOutput("customer", "id"));
        assertThat(plan.rules().get(0).when()).isEqualTo(new Condition.Compare(new Operand.StepOutput("orders", null),
                Comparison.GT, new Operand.Constant(3)));
        assertThat(plan.invokedCapabilities()).containsExactly("customers.detail", "orders.list");
    }

    @Test
    void aReferenceToALaterStepIsRefused() {
        assertThat(problems("[" + orders("{\"step\": \"customer\", \"field\": \"id\"}") + ", " + CUSTOMER + "]", "[]",
                "{}")).containsExactly(new CapabilityPlanProblem("/steps/0/from/args/customerId/step",
                "step customer runs later: a reference names an earlier step"));
    }

    @Test
    void aReferenceToNoStepIsRefused() {
        assertThat(problems("[" + orders("{\"step\": \"client\"}") + "]", "[]", "{\"x\": \"nothing\"}")).containsExactly(
                new CapabilityPlanProblem("/steps/0/from/args/customerId/step", "no step is named client"),
                new CapabilityPlanProblem("/payload/x", "no step is named nothing"));
    }

    @Test
    void aStepReferringToItselfIsRefused() {
        assertThat(problems("[" + orders("{\"step\": \"orders\"}") + "]", "[]", "{}")).containsExactly(
                new CapabilityPlanProblem("/steps/0/from/args/customerId/step", "step orders cannot read its own output"));
    }

    @Test
    void anUndeclaredArgumentOrHiddenArgumentIsRefused() {
        assertThat(problems("[" + orders("{\"arg\": \"clientId\"}") + ", " + orders("{\"hidden\": \"userId\"}")
                .replace("\"orders\"", "\"orders2\"") + "]", "[]", "{}")).containsExactly(
                new CapabilityPlanProblem("/steps/0/from/args/customerId/arg", "the plan's args declare no clientId"),
                new CapabilityPlanProblem("/steps/1/from/args/customerId/hidden", "the plan binds no hidden argument userId"));
    }

    @Test
    void aRowIsReadOnlyInsideAWhere() {
        assertThat(problems("[" + orders("{\"row\": \"id\"}") + "]", "[{\"when\": {\"left\": {\"row\": \"status\"},"
                + " \"op\": \"present\"}, \"decision\": \"x\", \"reason\": \"y\", \"detail\": \"z\"}]", "{}"))
                .containsExactly(new CapabilityPlanProblem("/steps/0/from/args/customerId/row", "a row is read only inside a where"),
                        new CapabilityPlanProblem("/rules/0/when/left/row", "a row is read only inside a where"));
    }

    @Test
    void aFieldIsReadOnlyFromAnOutputThatHasIt() {
        String rules = """
                [{"when": {"any": [{"left": {"step": "orders", "field": "total"}, "op": "gt", "right": 1},
                                   {"left": {"step": "customer", "field": "email"}, "op": "present"}]},
                  "decision": "x", "reason": "y", "detail": "z"}]""";

        assertThat(problems("[" + CUSTOMER.replace("\"required\": true,", "\"output\": {\"name\": \"name\"},") + ", "
                + orders("{\"arg\": \"customerId\"}") + "]", rules, "{}")).containsExactly(
                new CapabilityPlanProblem("/rules/0/when/any/0/left/field", "count orders is a number, it has no fields"),
                new CapabilityPlanProblem("/rules/0/when/any/1/left/field", "lookup customer outputs name, not email"));
    }

    @Test
    void stepNamesAreUnique() {
        assertThat(problems("[" + CUSTOMER + ", " + CUSTOMER + "]", "[]", "{}")).containsExactly(
                new CapabilityPlanProblem("/steps/1/name", "a step named customer comes before this one"));
    }

    @Test
    void aHiddenArgumentMayNotShareACallerArgumentsName() {
        String text = PlanTexts.text(1, "[" + CUSTOMER + "]", "[]", "{}", OPEN, "")
                .replace("\"hidden\": {\"tenantId\": \"tenant\"}", "\"hidden\": {\"customerId\": \"principal\"}");

        assertThat(catchThrowableOfType(() -> CapabilityPlanCompiler.compile(PlanTexts.read(text)), CapabilityPlanRefusedException.class)
                .problems()).containsExactly(new CapabilityPlanProblem("/hidden/customerId", "a hidden argument may not share its"
                + " name with a caller argument: the run context binds customerId"));
    }

    @Test
    void comparisonsTakeTheRightHandSideTheirOperatorNeeds() {
        String rules = """
                [{"when": {"all": [{"left": {"step": "orders"}, "op": "absent", "right": 1},
                                   {"left": {"step": "orders"}, "op": "gt"},
                                   {"left": {"step": "orders"}, "op": "in", "right": 3}]},
                  "decision": "x", "reason": "y", "detail": "z"}]""";

        assertThat(problems("[" + orders("{\"arg\": \"customerId\"}") + "]", rules, "{}")).containsExactly(
                new CapabilityPlanProblem("/rules/0/when/all/0/right", "absent compares nothing: leave right out"),
                new CapabilityPlanProblem("/rules/0/when/all/1", "gt needs a right-hand side"),
                new CapabilityPlanProblem("/rules/0/when/all/2/right", "in needs a list on its right"));
    }

    @Test
    void thePublishedInputSchemaBindsEachHiddenArgumentFromTheRunContext() {
        CompiledCapabilityPlan plan = CapabilityPlanCompiler.compile(PlanTexts.plan("[" + CUSTOMER + "]", "[]", "{}", OPEN));

        assertThat(plan.inputSchema().get("properties")).isEqualTo(java.util.Map.of(
                "customerId", java.util.Map.of("type", "string"),
                "tenantId", java.util.Map.of("type", "string", InputSchema.BIND_MARK, "tenant")));
        assertThat(plan.inputSchema().get("required")).isEqualTo(List.of("customerId"));
    }

    private static String orders(String customerId) {
        return """
                {"name": "orders", "kind": "count", "from": {"capability": "orders.list", "args": {"customerId": %s}}}"""
                .formatted(customerId);
    }

    private static List<CapabilityPlanProblem> problems(String steps, String rules, String payload) {
        return catchThrowableOfType(() -> CapabilityPlanCompiler.compile(PlanTexts.plan(steps, rules, payload, OPEN)),
                CapabilityPlanRefusedException.class).problems();
    }
}
