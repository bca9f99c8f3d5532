package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.mapping.PlanEvents;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One case per rule of "validated plans"; each expects the violation its rule names, nothing looser. */
class PlanValidatorTest {

    final PlanValidator validator = new PlanValidator(new JsonSchemaArguments());
    final Map<String, ToolSpec> routed = new LinkedHashMap<>();

    PlanValidatorTest() {
        CapabilityFixtures.demo().forEach(c -> routed.put(c.name(), PlanEvents.toolSpec(c)));
    }

    @Test
    void validPlanHasNoViolations() {
        assertThat(violations(call("a1", "orders.detail", Map.of("orderId", "O-5002")))).isEmpty();
    }

    @Test
    void toolMustBeReadOnly() {
        ToolSpec detail = routed.get("orders.detail");
        routed.put("orders.detail", new ToolSpec(detail.name(), detail.entity(), false, detail.inputSchema()));
        assertThat(violations(call("a1", "orders.detail", Map.of("orderId", "O-5002"))))
                .containsExactly("a1: tool orders.detail is not read-only");
    }

    @Test
    void toolMustHaveBeenRoutedFromTheSnapshot() {
        assertThat(violations(call("a1", "orders.cancel", Map.of("orderId", "O-5002"))))
                .containsExactly("a1: tool orders.cancel was not routed");
    }

    @Test
    void aRoutedToolLeftOutOfTheRouteCannotBePlanned() {
        routed.remove("orders.detail");
        assertThat(violations(call("a1", "orders.detail", Map.of("orderId", "O-5002"))))
                .containsExactly("a1: tool orders.detail was not routed");
    }

    @Test
    void argumentsMustMatchTheDeclaredPattern() {
        assertThat(violations(call("a1", "orders.detail", Map.of("orderId", "5002"))))
                .anySatisfy(v -> assertThat(v).contains("does not match pattern"))
                .allSatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail #/orderId:"));
    }

    @Test
    void requiredArgumentsMustBePresent() {
        assertThat(violations(call("a1", "orders.detail", Map.of())))
                .anySatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail").contains("orderId"))
                .allSatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail"));
    }

    @Test
    void undeclaredArgumentsAreRejected() {
        assertThat(violations(call("a1", "orders.detail", Map.of("orderId", "O-5002", "limit", 5))))
                .anySatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail").contains("limit"))
                .allSatisfy(v -> assertThat(v).startsWith("a1: arguments of orders.detail"));
    }

    @Test
    void dependenciesMustPointToEarlierActions() {
        PlannedCall first = new PlannedCall("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of("a2"));
        PlannedCall second = call("a2", "orders.detail", Map.of("orderId", "O-5003"));
        assertThat(violations(first, second)).containsExactly("a1: depends on a2, which is not an earlier action");
    }

    @Test
    void actionIdsAreUnique() {
        PlannedCall a = call("a1", "orders.detail", Map.of("orderId", "O-5002"));
        assertThat(violations(a, a)).containsExactly("a1: duplicate action id");
    }

    private List<String> violations(PlannedCall... calls) {
        return validator.violations(ToolPlan.actions(PlannerKind.CAPABILITY, List.of(calls)), routed);
    }

    private static PlannedCall call(String id, String tool, Map<String, Object> arguments) {
        return PlannedCall.of(id, tool, arguments);
    }
}
