package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.mode.RuntimeModePlanner;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuntimeModePlannerTest {

    final RuntimeModePlanner planner = new RuntimeModePlanner(new ClassicPlanner(new ArgumentBinder()),
            new CapabilityPlanner(new ArgumentBinder(), new PlanValidator(new JsonSchemaArguments())));

    @Test
    void classicModeRunsTheLegacyPlannerAloneAndComparesNothing() {
        PlanningDecision decision = decide(PlannerMode.CLASSIC, "Where is order O-5002?", "orders.detail");
        assertThat(decision.toExecute().planner()).isEqualTo(PlannerKind.CLASSIC);
        assertThat(decision.compared()).isFalse();
    }

    @Test
    void shadowModeExecutesClassicAndOnlyComparesTheCapabilityPlan() {
        PlanningDecision decision = decide(PlannerMode.SHADOW, "Where is order O-5002?", "orders.detail");
        assertThat(decision.toExecute()).isSameAs(decision.classic());
        assertThat(decision.capability().planner()).isEqualTo(PlannerKind.CAPABILITY);
        assertThat(decision.agreement()).isTrue();
    }

    @Test
    void theToolsAModelProposedOutsideTheRouteReachTheDecisionInShadowAndCapabilityMode() {
        ToolPlan plan = new ToolPlan.Actions(PlannerKind.CAPABILITY, List.of(
                PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5002"))));
        RuntimeModePlanner refusing = new RuntimeModePlanner(new ClassicPlanner(new ArgumentBinder()),
                request -> new PlanAttempt(plan, 50, "llm plan corrected once (routed)", List.of("orders.cancel")));
        for (PlannerMode mode : List.of(PlannerMode.SHADOW, PlannerMode.CAPABILITY)) {
            List<ToolSpec> catalog = CapabilityFixtures.demo().stream().map(RoutedTools::toolSpec).toList();
            PlanningDecision decision = refusing.decide(mode, PlanningRequest.of("Where is order O-5002?", null,
                    catalog.stream().filter(tool -> tool.name().equals("orders.detail")).toList()), catalog);
            assertThat(decision.rejectedProposals()).as(mode.name()).containsExactly("orders.cancel");
        }
    }

    @Test
    void shadowReportsDisagreement() {
        // Classic sees the whole catalog, so it can look the customer up; only orders.list was routed here.
        PlanningDecision decision = decide(PlannerMode.SHADOW, "Show the orders for Riccardo Lorini", "orders.list");
        assertThat(decision.classic().actions()).singleElement().extracting(a -> a.tool()).isEqualTo("customers.search");
        assertThat(decision.capability()).isInstanceOf(ToolPlan.Insufficient.class);
        assertThat(decision.agreement()).isFalse();
    }

    @Test
    void theLegacyPathIsOfferedTheWholeCatalogNotTheRoute() {
        // Nothing routed at all: the legacy path still picks from the snapshot it is given.
        PlanningDecision decision = decide(PlannerMode.CLASSIC, "Where is order O-5002?");
        assertThat(decision.toExecute().actions()).singleElement().satisfies(a -> {
            assertThat(a.tool()).isEqualTo("orders.detail");
            assertThat(a.arguments()).containsEntry("orderId", "O-5002");
        });
    }

    @Test
    void anAaBaselineComparesTheLegacyPathWithASecondRunOfItselfInShadowModeOnly() {
        RuntimeModePlanner aa = new RuntimeModePlanner(new ClassicPlanner(new ArgumentBinder()),
                new CapabilityPlanner(new ArgumentBinder(), new PlanValidator(new JsonSchemaArguments())), true);
        List<ToolSpec> catalog = CapabilityFixtures.demo().stream().map(RoutedTools::toolSpec).toList();
        PlanningDecision shadow = aa.decide(PlannerMode.SHADOW, dev.capplanner.planner.plan.PlanningRequest.of(
                "Show the orders for Riccardo Lorini", null, List.of()), catalog);
        assertThat(shadow.capability().planner()).as("the compared plan is classic's own").isEqualTo(PlannerKind.CLASSIC);
        assertThat(shadow.agreement()).as("a deterministic legacy path agrees with itself").isTrue();
        PlanningDecision capability = aa.decide(PlannerMode.CAPABILITY, dev.capplanner.planner.plan.PlanningRequest.of(
                "Where is order O-5002?", null, catalog), catalog);
        assertThat(capability.toExecute().planner()).isEqualTo(PlannerKind.CAPABILITY);
    }

    @Test
    void capabilityModeExecutesTheValidatedCapabilityPlan() {
        PlanningDecision decision = decide(PlannerMode.CAPABILITY, "Where is order O-5002?", "orders.detail");
        assertThat(decision.toExecute().planner()).isEqualTo(PlannerKind.CAPABILITY);
        assertThat(decision.fallbackReason()).isNull();
    }

    @Test
    void capabilityModeFallsBackToClassicForTheIterationAndSaysWhy() {
        PlanningDecision decision = decide(PlannerMode.CAPABILITY, "Show the orders for Riccardo Lorini", "orders.list");
        assertThat(decision.toExecute()).isSameAs(decision.classic());
        assertThat(decision.fallbackReason()).startsWith("capability planner: no routed candidate could be planned");
    }

    @Test
    void capabilityPlannerChainsTheFinderIntoTheToolThatAnswers() {
        PlanningDecision decision = decide(PlannerMode.CAPABILITY, "Show the orders for Riccardo Lorini",
                "orders.list", "customers.search");
        assertThat(decision.toExecute().actions()).extracting(a -> a.tool())
                .containsExactly("customers.search", "orders.list");
        assertThat(decision.agreement()).as("classic stops at the search").isFalse();
    }

    @Test
    void aCapabilityPlanThatCallsAToolInShadowIsComparedWhileClassicExecutesWithoutIt() {
        List<ToolSpec> route = CapabilityFixtures.demo().stream().filter(c -> c.name().equals("orders.detail"))
                .map(RoutedTools::toolSpec).toList();
        List<ToolSpec> liveCatalog = CapabilityFixtures.demo().stream().filter(c -> !c.name().equals("orders.detail"))
                .map(RoutedTools::toolSpec).toList();

        PlanningDecision decision = planner.decide(PlannerMode.CAPABILITY, PlanningRequest.of("Where is order O-5002?",
                null, route), liveCatalog, java.util.Set.of("orders.detail"));

        assertThat(decision.capability().actions()).extracting(PlannedCall::tool).containsExactly("orders.detail");
        assertThat(decision.toExecute()).isSameAs(decision.classic());
        assertThat(decision.toExecute().planner()).isEqualTo(PlannerKind.CLASSIC);
        assertThat(decision.compared()).isTrue();
        assertThat(decision.fallbackReason())
                .isEqualTo("connection in shadow: orders.detail planned and compared, never called");
        PlanningDecision live = planner.decide(PlannerMode.CAPABILITY, PlanningRequest.of("Where is order O-5002?",
                null, route), liveCatalog, java.util.Set.of("customers.search"));
        assertThat(live.toExecute()).as("a shadow tool the plan does not call changes nothing")
                .isSameAs(live.capability());
    }

    @Test
    void aLaterIterationThatWouldCallAToolInShadowEndsInsufficientSayingSo() {
        ToolPlan plan = new ToolPlan.Actions(PlannerKind.CAPABILITY, List.of(
                PlannedCall.of("a1", "orders.detail", Map.of("orderId", "O-5002"))));
        RuntimeModePlanner continuing = new RuntimeModePlanner(new ClassicPlanner(new ArgumentBinder()),
                request -> new PlanAttempt(plan, 0, null, List.of()));
        PlanningRequest request = PlanningRequest.of("Where is order O-5002?", null, List.of());

        PlanningDecision decision = continuing.next(request, java.util.Set.of("orders.detail"));

        assertThat(decision.toExecute()).isInstanceOfSatisfying(ToolPlan.Insufficient.class, insufficient ->
                assertThat(insufficient.reason())
                        .isEqualTo("connection in shadow: orders.detail planned and compared, never called"));
        assertThat(continuing.next(request, java.util.Set.of()).toExecute()).isSameAs(plan);
    }

    private PlanningDecision decide(PlannerMode mode, String question, String... routedNames) {
        List<ToolSpec> candidates = List.of(routedNames).stream()
                .map(name -> CapabilityFixtures.demo().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow())
                .map(RoutedTools::toolSpec)
                .toList();
        List<ToolSpec> catalog = CapabilityFixtures.demo().stream().map(RoutedTools::toolSpec).toList();
        return planner.decide(mode, dev.capplanner.planner.plan.PlanningRequest.of(question, null, candidates), catalog);
    }
}
