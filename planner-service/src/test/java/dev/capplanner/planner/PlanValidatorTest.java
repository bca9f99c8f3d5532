package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Grant;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One case per plan validation rule of the seed. */
class PlanValidatorTest {

    final PlanValidator validator = new PlanValidator();
    final Map<String, Capability> routed = new LinkedHashMap<>();
    final Map<String, Grant> grants = new LinkedHashMap<>();

    PlanValidatorTest() {
        CapabilityFixtures.demo().forEach(c -> {
            routed.put(c.name(), c);
            grants.put(c.name(), c.grant());
        });
    }

    @Test
    void validPlanHasNoViolations() {
        assertThat(validator.violations(plan(action("a1", "orders.detail", Map.of("orderId", "O-5002"))), routed, grants))
                .isEmpty();
    }

    @Test
    void toolMustExistInTheSnapshot() {
        assertThat(validator.violations(plan(action("a1", "orders.cancel", Map.of("orderId", "O-5002"))), routed, grants))
                .contains("a1: tool orders.cancel is not in the snapshot");
    }

    @Test
    void toolMustBeReadOnly() {
        grants.put("orders.detail", new Grant("orders.detail", false, new Endpoint("demo-api", "GET", "/orders/{orderId}"), null));
        assertThat(validator.violations(plan(action("a1", "orders.detail", Map.of("orderId", "O-5002"))), routed, grants))
                .containsExactly("a1: tool orders.detail is not read-only");
    }

    @Test
    void toolMustHaveBeenRouted() {
        routed.remove("orders.detail");
        assertThat(validator.violations(plan(action("a1", "orders.detail", Map.of("orderId", "O-5002"))), routed, grants))
                .containsExactly("a1: tool orders.detail was not routed");
    }

    @Test
    void argumentsMustConformToTheInputSchema() {
        assertThat(validator.violations(plan(action("a1", "orders.detail", Map.of("orderId", "5002"))), routed, grants))
                .anyMatch(v -> v.startsWith("a1: arguments of orders.detail") && v.contains("orderId"));
        assertThat(validator.violations(plan(action("a1", "orders.detail", Map.of())), routed, grants))
                .anyMatch(v -> v.contains("orderId"));
        assertThat(validator.violations(plan(action("a1", "orders.detail",
                Map.of("orderId", "O-5002", "limit", 5))), routed, grants)).isNotEmpty();
    }

    @Test
    void dependenciesMustPointToEarlierActions() {
        PlannedAction first = new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of("a2"));
        PlannedAction second = action("a2", "orders.detail", Map.of("orderId", "O-5003"));
        assertThat(validator.violations(plan(first, second), routed, grants))
                .containsExactly("a1: depends on a2, which is not an earlier action");
    }

    @Test
    void actionIdsAreUnique() {
        PlannedAction a = action("a1", "orders.detail", Map.of("orderId", "O-5002"));
        assertThat(validator.violations(plan(a, a), routed, grants)).containsExactly("a1: duplicate action id");
    }

    private static PlannedAction action(String id, String tool, Map<String, Object> arguments) {
        return new PlannedAction(id, tool, arguments, List.of());
    }

    private static Plan plan(PlannedAction... actions) {
        return Plan.actions(Plan.CAPABILITY, List.of(actions));
    }
}
