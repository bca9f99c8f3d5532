package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.plan.Observed;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.validation.ArgumentGrounding;
import dev.capplanner.planner.validation.PlanViolation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rule "grounded arguments": a model's text values come from the user or from earlier results, never from remote text. */
class ArgumentGroundingTest {

    private static final ToolSpec ORDERS = new ToolSpec("orders.list", "order", true, Map.of("type", "object",
            "properties", Map.of("customerId", Map.of("type", "string"),
                    "status", Map.of("type", "string", "enum", List.of("open", "shipped")),
                    "limit", Map.of("type", "integer"))));
    private static final Map<String, ToolSpec> ROUTED = Map.of("orders.list", ORDERS);

    private static List<PlanViolation> violations(Map<String, Object> arguments, PlanningRequest request) {
        return ArgumentGrounding.violations(ToolPlan.actions(PlannerKind.CAPABILITY,
                List.of(new PlannedCall("a1", "orders.list", arguments, List.of()))), request, ROUTED);
    }

    private static PlanningRequest asked(String question) {
        return new PlanningRequest(question, List.of(), null, List.of(ORDERS), Map.of(), List.of(), false);
    }

    @Test
    void aValueTheUserGaveIsGroundedWhateverItsCaseOrWidth() {
        assertThat(violations(Map.of("customerId", "c-1001"), asked("Orders of customer C-1001?"))).isEmpty();
        assertThat(violations(Map.of("customerId", "C-1001"), asked("Orders of customer Ｃ－１００１?"))).isEmpty();
    }

    @Test
    void aValueOnlyRemoteTextHoldsIsRefusedWithoutRepeatingIt() {
        List<PlanViolation> found = violations(Map.of("customerId", "C-6666"), asked("Orders of customer C-1001?"));
        assertThat(found).singleElement().satisfies(violation -> {
            assertThat(violation.rule()).isEqualTo(PlanViolation.GROUNDED);
            assertThat(violation.path()).isEqualTo("customerId");
            assertThat(violation.message()).doesNotContain("C-6666");
        });
        assertThat(violations(Map.of("customerId", List.of("C-1001", "C-6666")), asked("Orders of C-1001"))).hasSize(1);
    }

    @Test
    void earlierResultsTheSelectedRowRecentTurnsAndEnumeratedValuesAreGrounded() {
        PlanningRequest withContext = new PlanningRequest("and its orders?", List.of("who is Giulia Bianchi?"),
                new SelectedRow("customer", Map.of("id", "C-2002")), List.of(ORDERS), Map.of(),
                List.of(new Observed(1, "customers.search", "customer", Map.of("$.items[*].id", List.of("C-3003")))), true);
        assertThat(violations(Map.of("customerId", "C-2002"), withContext)).isEmpty();
        assertThat(violations(Map.of("customerId", "C-3003"), withContext)).isEmpty();
        assertThat(violations(Map.of("customerId", "Giulia Bianchi"), withContext)).isEmpty();
        assertThat(violations(Map.of("status", "shipped"), withContext)).isEmpty();
        assertThat(violations(Map.of("status", "delivered"), withContext)).hasSize(1);
    }

    @Test
    void numbersAndFlagsAreTheModelsOwn() {
        assertThat(violations(Map.of("limit", 50), asked("Orders of C-1001"))).isEmpty();
    }
}
