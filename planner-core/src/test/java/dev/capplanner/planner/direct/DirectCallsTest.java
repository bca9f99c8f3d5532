package dev.capplanner.planner.direct;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DirectCallsTest {

    private static final Map<String, Object> ORDER_SCHEMA = Map.of("type", "object", "additionalProperties", false,
            "required", List.of("orderId"), "properties", Map.of(
                    "orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$"),
                    "tenant", Map.of("type", "string", "x-capplanner-bind", "tenant")));
    private static final ToolSpec ORDER = new ToolSpec("api:demo-api/orders.get", "order", true, ORDER_SCHEMA);

    private final DirectCalls calls = new DirectCalls(new PlanValidator(new JsonSchemaArguments()));

    @Test
    void aValidCallIsPlannedAsTheOneCallTheCallerAskedFor() {
        PlanningDecision decision = calls.decide(ORDER.name(), Map.of("orderId", "O-5002"), List.of(ORDER), Set.of(),
                PlannerMode.SHADOW);

        assertThat(decision.toExecute()).isInstanceOf(ToolPlan.Actions.class);
        assertThat(decision.toExecute().actions()).singleElement().satisfies(call -> {
            assertThat(call.tool()).isEqualTo(ORDER.name());
            assertThat(call.arguments()).containsExactly(Map.entry("orderId", "O-5002"));
            assertThat(call.dependsOn()).isEmpty();
        });
        assertThat(decision.toExecute().continues()).isFalse();
        // Neither planner decided anything: nothing to compare, nothing for the promotion gate to count.
        assertThat(decision.compared()).isFalse();
    }

    @Test
    void aToolTheRouteDoesNotHoldIsNotCalled() {
        PlanningDecision decision = calls.decide("api:demo-api/orders.delete", Map.of("orderId", "O-5002"),
                List.of(), Set.of(), PlannerMode.SHADOW);

        assertThat(decision.toExecute()).isInstanceOfSatisfying(ToolPlan.Insufficient.class,
                insufficient -> assertThat(insufficient.reason()).isEqualTo(DirectCalls.NOT_ROUTED));
    }

    @Test
    void theCallerNeverSetsTheTenantOrAnyOtherBoundInput() {
        PlanningDecision decision = calls.decide(ORDER.name(), Map.of("orderId", "O-5002", "tenant", "globex"),
                List.of(ORDER), Set.of(), PlannerMode.SHADOW);

        assertThat(reason(decision)).contains("argument tenant is bound from the run context");
    }

    @Test
    void argumentsAreCheckedAgainstTheInputSchemaAndNotCorrected() {
        assertThat(reason(calls.decide(ORDER.name(), Map.of("orderId", "5002"), List.of(ORDER), Set.of(),
                PlannerMode.SHADOW)))
                .startsWith("the call is not valid: ").contains("arguments");
        assertThat(reason(calls.decide(ORDER.name(), Map.of(), List.of(ORDER), Set.of(), PlannerMode.SHADOW)))
                .contains("orderId");
        assertThat(reason(calls.decide(ORDER.name(), Map.of("orderId", "O-5002", "limit", 5), List.of(ORDER),
                Set.of(), PlannerMode.SHADOW))).contains("arguments");
    }

    @Test
    void aWriteIsNeverCalledEvenWhenRouted() {
        ToolSpec write = new ToolSpec("api:demo-api/orders.cancel", "order", false, ORDER_SCHEMA);

        assertThat(reason(calls.decide(write.name(), Map.of("orderId", "O-5002"), List.of(write), Set.of(),
                PlannerMode.SHADOW)))
                .contains("read-only");
    }

    @Test
    void aToolInShadowIsNeverCalled() {
        assertThat(reason(calls.decide(ORDER.name(), Map.of("orderId", "O-5002"), List.of(ORDER),
                Set.of(ORDER.name()), PlannerMode.SHADOW))).contains("in shadow");
    }

    @Test
    void theReasonStaysWithinTheContractsBoundWhateverTheArguments() {
        Map<String, Object> many = new java.util.LinkedHashMap<>();
        for (int i = 0; i < 64; i++) {
            many.put("unknown-argument-with-a-long-name-" + "x".repeat(100) + i, "v");
        }
        assertThat(reason(calls.decide(ORDER.name(), many, List.of(ORDER), Set.of(), PlannerMode.SHADOW)))
                .hasSizeLessThanOrEqualTo(DirectCalls.MAX_REASON_CHARS);
    }

    private static String reason(PlanningDecision decision) {
        assertThat(decision.toExecute()).isInstanceOf(ToolPlan.Insufficient.class);
        return ((ToolPlan.Insufficient) decision.toExecute()).reason();
    }

    @Test
    void anArgumentTheSchemaDoesNotDeclareIsRefusedEvenWhenTheSchemaIsOpen() {
        ToolSpec open = new ToolSpec("mcp:desk/lookup", "customer", true, Map.of("type", "object",
                "properties", Map.of("email", Map.of("type", "string"))));
        ToolSpec unknownShape = new ToolSpec("mcp:desk/oversized", "customer", true, Map.of("type", "object"));

        assertThat(reason(calls.decide(open.name(), Map.of("email", "a@b.example", "tenant_id", "globex"), List.of(open),
                Set.of(), PlannerMode.CAPABILITY))).contains("[tenant_id] are not inputs the tool declares");
        assertThat(reason(calls.decide(unknownShape.name(), Map.of("q", "x"), List.of(unknownShape), Set.of(),
                PlannerMode.CAPABILITY))).contains("[q]");
        assertThat(calls.decide(open.name(), Map.of("email", "a@b.example"), List.of(open), Set.of(),
                PlannerMode.CAPABILITY).toExecute()).isInstanceOf(ToolPlan.Actions.class);
    }

    @Test
    void aCapabilityPlanIsCalledOnlyWhereCapabilityModeIsOn() {
        ToolSpec plan = new ToolSpec("orders.delivery-risk", "order", ToolSpec.DECIDES, true, ORDER_SCHEMA, List.of(),
                List.of(), true, "Whether an order's delivery is at risk", null);

        for (PlannerMode mode : List.of(PlannerMode.CLASSIC, PlannerMode.SHADOW)) {
            assertThat(reason(calls.decide(plan.name(), Map.of("orderId", "O-5002"), List.of(plan), Set.of(), mode)))
                    .as(mode.name()).contains("capability plan");
        }
        assertThat(calls.decide(plan.name(), Map.of("orderId", "O-5002"), List.of(plan), Set.of(),
                PlannerMode.CAPABILITY).toExecute()).isInstanceOf(ToolPlan.Actions.class);
    }
}
