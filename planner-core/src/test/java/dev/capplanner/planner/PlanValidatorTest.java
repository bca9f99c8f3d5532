package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.planner.validation.PlanViolation;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** One case per rule of "validated plans"; each expects the violation its rule names, nothing looser. */
class PlanValidatorTest {

    final PlanValidator validator = new PlanValidator(new JsonSchemaArguments());
    final Map<String, ToolSpec> routed = new LinkedHashMap<>();

    PlanValidatorTest() {
        CapabilityFixtures.demo().forEach(c -> routed.put(c.name(), RoutedTools.toolSpec(c)));
    }

    @Test
    void validPlanHasNoViolations() {
        assertThat(violations(call("a1", "orders.detail", Map.of("orderId", "O-5002")))).isEmpty();
    }

    @Test
    void aChainThroughADeclaredPathIsValid() {
        PlannedCall search = call("a1", "customers.search", Map.of("name", "Giulia Bianchi"));
        PlannedCall orders = new PlannedCall("a2", "orders.list", Map.of(), List.of("a1"),
                Map.of("customerId", new ArgumentSource("a1", "items[].id")));
        assertThat(violations(search, orders)).isEmpty();
    }

    @Test
    void planSizeIsBounded() {
        PlannedCall[] calls = IntStream.rangeClosed(1, PlanValidator.MAX_ACTIONS + 1)
                .mapToObj(i -> call("a" + i, "orders.detail", Map.of("orderId", "O-5002"))).toArray(PlannedCall[]::new);
        assertThat(rules(calls)).containsExactly(PlanViolation.PLAN_SIZE);
    }

    @Test
    void toolMustBeReadOnly() {
        ToolSpec detail = routed.get("orders.detail");
        routed.put("orders.detail", new ToolSpec(detail.name(), detail.entity(), false, detail.inputSchema()));
        assertThat(lines(call("a1", "orders.detail", Map.of("orderId", "O-5002"))))
                .containsExactly("a1: tool orders.detail is not read-only");
    }

    @Test
    void toolMustHaveBeenRoutedFromTheSnapshot() {
        assertThat(lines(call("a1", "orders.cancel", Map.of("orderId", "O-5002"))))
                .containsExactly("a1: tool orders.cancel was not routed");
    }

    @Test
    void aRoutedToolLeftOutOfTheRouteCannotBePlanned() {
        routed.remove("orders.detail");
        assertThat(lines(call("a1", "orders.detail", Map.of("orderId", "O-5002"))))
                .containsExactly("a1: tool orders.detail was not routed");
    }

    @Test
    void argumentsMustMatchTheDeclaredPattern() {
        assertThat(violations(call("a1", "orders.detail", Map.of("orderId", "5002"))))
                .allSatisfy(v -> assertThat(v.rule()).isEqualTo(PlanViolation.ARGUMENTS))
                .anySatisfy(v -> assertThat(v.message()).contains("does not match pattern"))
                .allSatisfy(v -> assertThat(v.toString()).startsWith("a1: arguments of orders.detail #/orderId:"));
    }

    @Test
    void requiredArgumentsMustBePresentOrComeFromAnEarlierAction() {
        assertThat(lines(call("a1", "orders.detail", Map.of())))
                .anySatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail").contains("orderId"))
                .allSatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail"));
    }

    @Test
    void undeclaredArgumentsAreRejected() {
        assertThat(lines(call("a1", "orders.detail", Map.of("orderId", "O-5002", "limit", 5))))
                .anySatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail").contains("limit"))
                .allSatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail"));
    }

    @Test
    void dependenciesMustPointToEarlierActions() {
        PlannedCall first = new PlannedCall("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of("a2"));
        PlannedCall second = call("a2", "orders.detail", Map.of("orderId", "O-5003"));
        assertThat(lines(first, second)).containsExactly("a1: depends on a2, which is not an earlier action");
    }

    @Test
    void actionIdsAreUnique() {
        PlannedCall a = call("a1", "orders.detail", Map.of("orderId", "O-5002"));
        assertThat(lines(a, a)).containsExactly("a1: duplicate action id");
    }

    @Test
    void aFromMustNameADependency() {
        PlannedCall search = call("a1", "customers.search", Map.of("name", "Giulia Bianchi"));
        PlannedCall orders = new PlannedCall("a2", "orders.list", Map.of(), List.of(),
                Map.of("customerId", new ArgumentSource("a1", "items[].id")));
        assertThat(violations(search, orders)).singleElement().satisfies(v -> {
            assertThat(v.rule()).isEqualTo(PlanViolation.FROM_DEPENDENCY);
            assertThat(v.action()).isEqualTo("a2");
            assertThat(v.path()).isEqualTo("customerId");
        });
    }

    @Test
    void aSpeculativePathIsRejected() {
        PlannedCall search = call("a1", "customers.search", Map.of("name", "Giulia Bianchi"));
        for (String speculative : List.of("items.0.id", "items[].customerNumber", "id")) {
            PlannedCall orders = new PlannedCall("a2", "orders.list", Map.of(), List.of("a1"),
                    Map.of("customerId", new ArgumentSource("a1", speculative)));
            assertThat(rules(search, orders)).as(speculative).containsExactly(PlanViolation.DECLARED_PATH);
        }
    }

    @Test
    void anArgumentIsGivenOrTakenNeverBoth() {
        PlannedCall search = call("a1", "customers.search", Map.of("name", "Giulia Bianchi"));
        PlannedCall orders = new PlannedCall("a2", "orders.list", Map.of("customerId", "C-1003"), List.of("a1"),
                Map.of("customerId", new ArgumentSource("a1", "items[].id")));
        assertThat(rules(search, orders)).containsExactly(PlanViolation.ARGUMENTS);
    }

    @Test
    void aPlannerNeverSetsAHiddenArgument() {
        Map<String, Object> schema = Map.of("type", "object", "required", List.of("orderId"), "properties", Map.of(
                "orderId", Map.of("type", "string"),
                "tenant", Map.of("type", "string", "x-capplanner-bind", "tenant")));
        routed.put("orders.scoped", new ToolSpec("orders.scoped", "order", true, schema));
        assertThat(violations(call("a1", "orders.scoped", Map.of("orderId", "O-5002", "tenant", "globex"))))
                .extracting(PlanViolation::rule, PlanViolation::path)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(PlanViolation.HIDDEN_ARGUMENT, "tenant"));
    }

    @Test
    void dependenciesFormNoCycle() {
        PlannedCall first = new PlannedCall("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of("a2"));
        PlannedCall second = new PlannedCall("a2", "orders.detail", Map.of("orderId", "O-5003"), List.of("a1"));
        assertThat(violations(first, second)).filteredOn(v -> v.rule().equals(PlanViolation.CYCLE)).singleElement()
                .satisfies(v -> assertThat(v.message()).isEqualTo("dependencies form a cycle: a1 -> a2 -> a1"));
        PlannedCall self = new PlannedCall("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of("a1"));
        assertThat(rules(self)).contains(PlanViolation.CYCLE);
    }

    @Test
    void insufficientIsRejectedWhileARankedToolWasNotTried() {
        ToolPlan givingUp = ToolPlan.insufficient(PlannerKind.CAPABILITY, "nothing fits", List.of("orders.detail"));
        assertThat(validator.violations(givingUp, routed)).extracting(PlanViolation::rule, PlanViolation::path)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(PlanViolation.PREMATURE_INSUFFICIENT, "customers.detail"),
                        org.assertj.core.groups.Tuple.tuple(PlanViolation.PREMATURE_INSUFFICIENT, "customers.search"),
                        org.assertj.core.groups.Tuple.tuple(PlanViolation.PREMATURE_INSUFFICIENT, "orders.list"));
        ToolPlan triedAll = ToolPlan.insufficient(PlannerKind.CAPABILITY, "nothing fits", List.copyOf(routed.keySet()));
        assertThat(validator.violations(triedAll, routed)).isEmpty();
        routed.replaceAll((name, tool) -> name.equals("orders.detail") ? tool : RoutedTools.toolSpec(
                CapabilityFixtures.demo().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(), false));
        assertThat(validator.violations(givingUp, routed)).as("a tool added only as a finder is not a candidate answer")
                .isEmpty();
    }

    @Test
    void theDeterministicPlannersOwnInsufficientNamesEveryToolItTried() {
        ToolPlan plan = new dev.capplanner.planner.capability.CapabilityPlanner(
                new dev.capplanner.planner.capability.ArgumentBinder(), validator)
                .plan("show me something", null, List.copyOf(routed.values()));
        assertThat(plan).isInstanceOf(ToolPlan.Insufficient.class);
        assertThat(validator.violations(plan, routed)).isEmpty();
    }

    @Test
    void eachInputSchemaIsCompiledOnceWhateverTheOrderOfItsKeys() {
        JsonSchemaArguments schemas = new JsonSchemaArguments();
        Map<String, Object> properties = Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$"));
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("type", "object");
        one.put("required", List.of("orderId"));
        one.put("properties", properties);
        Map<String, Object> reordered = new LinkedHashMap<>();
        reordered.put("properties", properties);
        reordered.put("required", List.of("orderId"));
        reordered.put("type", "object");
        assertThat(schemas.violations(one, Map.of("orderId", "O-5002"))).isEmpty();
        assertThat(schemas.violations(reordered, Map.of("orderId", "5002"))).isNotEmpty();
        assertThat(schemas.violations(one, Map.of())).isNotEmpty();
        assertThat(schemas.compilations()).isEqualTo(1);
        schemas.violations(Map.of("type", "object"), Map.of());
        assertThat(schemas.compilations()).isEqualTo(2);
    }

    private List<PlanViolation> violations(PlannedCall... calls) {
        return validator.violations(ToolPlan.actions(PlannerKind.CAPABILITY, List.of(calls)), routed);
    }

    private List<String> lines(PlannedCall... calls) {
        return PlanValidator.lines(violations(calls));
    }

    private List<String> rules(PlannedCall... calls) {
        return violations(calls).stream().map(PlanViolation::rule).distinct().toList();
    }

    private static PlannedCall call(String id, String tool, Map<String, Object> arguments) {
        return PlannedCall.of(id, tool, arguments);
    }
}
