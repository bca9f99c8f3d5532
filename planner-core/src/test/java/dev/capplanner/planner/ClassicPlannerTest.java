package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.classic.ClassicPlanner;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClassicPlannerTest {

    final ClassicPlanner planner = new ClassicPlanner();

    @Test
    void legacyRuleTable() {
        assertCall("Where is order O-5002?", "orders.detail", Map.of("orderId", "O-5002"));
        assertCall("List the orders of C-1001", "orders.list", Map.of("customerId", "C-1001"));
        assertCall("Who is C-1001?", "customers.detail", Map.of("customerId", "C-1001"));
        assertCall("Show the orders for Riccardo Lorini", "customers.search", Map.of("name", "Riccardo Lorini"));
    }

    @Test
    void itsToolNamesAreTheRegistrysNamesOfTheApi() {
        ToolPlan plan = new ClassicPlanner(tool -> "api:demo-api/" + tool).plan("Where is order O-5002?");
        assertThat(plan.actions()).singleElement()
                .satisfies(a -> assertThat(a.tool()).isEqualTo("api:demo-api/orders.detail"));
    }

    @Test
    void noRuleGivesInsufficient() {
        ToolPlan plan = planner.plan("what's the weather like?");
        assertThat(plan).isInstanceOf(ToolPlan.Insufficient.class);
        assertThat(plan.planner()).isEqualTo(PlannerKind.CLASSIC);
    }

    private void assertCall(String question, String tool, Map<String, Object> arguments) {
        ToolPlan plan = planner.plan(question);
        assertThat(plan.actions()).singleElement().satisfies(a -> {
            assertThat(a.tool()).isEqualTo(tool);
            assertThat(a.arguments()).isEqualTo(arguments);
        });
    }
}
