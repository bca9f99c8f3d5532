package dev.capplanner.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.reports.shadow.GateCounts;
import dev.capplanner.reports.shadow.PlanShape;
import dev.capplanner.reports.shadow.PromotionGate;
import dev.capplanner.reports.shadow.ReportSignals;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rules "report signals" and "promotion gate": each signal and each criterion decided on its own. */
class ReportSignalsTest {

    static final List<String> ROUTE = List.of("customers.search", "orders.list", "orders.detail");
    static final PlanShape SEARCH = actions(List.of("customers.search"), List.of(Map.of("name", "<person:1>")));
    static final PlanShape GIVES_UP = new PlanShape("insufficient", List.of(), List.of(), "no tool matched");

    @Test
    void divergenceIsNoneOutcomeToolsOrArguments() {
        assertThat(signals(true, SEARCH, SEARCH).divergenceKind()).isEqualTo("none");
        assertThat(signals(false, SEARCH, GIVES_UP).divergenceKind()).isEqualTo("outcome");
        assertThat(signals(false, SEARCH, actions(List.of("customers.search", "orders.list"),
                List.of(Map.of("name", "<person:1>"), Map.of()))).divergenceKind()).isEqualTo("tools");
        assertThat(signals(false, SEARCH, actions(List.of("customers.search"), List.of(Map.of("name", "<person:2>"))))
                .divergenceKind()).isEqualTo("arguments");
    }

    @Test
    void givingUpIsPrematureOnlyAgainstAPlanWithCallsAndAnInvalidModelPlanIsNotGivingUp() {
        assertThat(signals(false, GIVES_UP, SEARCH).prematureAvoided()).isTrue();
        assertThat(signals(false, SEARCH, GIVES_UP).capabilityGaveUp()).isTrue();
        PlanShape invalid = new PlanShape("insufficient", List.of(), List.of(), "llm plan invalid after one correction: x");
        ReportSignals signals = signals(false, SEARCH, invalid);
        assertThat(signals.invalidPlan()).isTrue();
        assertThat(signals.capabilityGaveUp()).isFalse();
        assertThat(ReportSignals.of(true, SEARCH, SEARCH, ROUTE, "llm plan corrected once (declared-path)", null)
                .corrected()).isTrue();
        assertThat(ReportSignals.of(false, SEARCH, SEARCH, ROUTE, null, "capability planner: llm plan invalid after one")
                .invalidPlan()).as("capability mode's fallback says it").isTrue();
    }

    @Test
    void aToolOutsideTheRouteIsAnUnauthorizedProposal() {
        assertThat(signals(false, SEARCH, actions(List.of("customers.export"), List.of(Map.of()))).proposalOutsideRoute())
                .isTrue();
        assertThat(signals(true, SEARCH, SEARCH).proposalOutsideRoute()).isFalse();
    }

    @Test
    void aToolOutsideTheRouteInAnAnswerThePlannerRefusedIsAnUnauthorizedProposalToo() {
        assertThat(ReportSignals.of(true, SEARCH, SEARCH, ROUTE, "llm plan corrected once (routed)", null,
                List.of("orders.cancel")).proposalOutsideRoute()).as("corrected away, still proposed").isTrue();
        assertThat(ReportSignals.of(true, SEARCH, SEARCH, ROUTE, null, null, List.of()).proposalOutsideRoute()).isFalse();
        PlanShape classicAgain = new PlanShape("classic", "actions", List.of("customers.search"), List.of(Map.of()), null);
        assertThat(ReportSignals.of(true, SEARCH, classicAgain, ROUTE, null, null, List.of("orders.cancel"))
                .proposalOutsideRoute()).as("an A/A baseline").isFalse();
    }

    @Test
    void aComparedPlanOfClassicsOwnIsAnAaBaselineNotACapabilityComparison() {
        PlanShape classicAgain = new PlanShape("classic", "actions", List.of("customers.export"), List.of(Map.of()), null);
        ReportSignals aa = signals(false, SEARCH, classicAgain);
        assertThat(aa.baseline()).isTrue();
        assertThat(aa.proposalOutsideRoute()).as("the legacy path is offered the whole catalog, not the route").isFalse();
        assertThat(signals(true, SEARCH, SEARCH).baseline()).isFalse();
    }

    @Test
    void theGatePassesOnlyWhenEveryCriterionDoesAndEachFailsOnItsOwn() {
        GateCounts passing = new GateCounts(60, 0, 0, 0, 0, 4, 0, 6, 0, 60, 60, 0);
        assertThat(PromotionGate.evaluate("acme", passing, 50, 0).pass()).isTrue();
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 0, 0, 0, 60, 60, 0), "golden-scenarios");
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 0, 6, 1, 60, 60, 0), "golden-scenarios");
        assertFails(new GateCounts(60, 0, 1, 0, 0, 4, 0, 6, 0, 60, 60, 0), "no-mutative-or-unauthorized-proposal");
        assertFails(new GateCounts(60, 0, 0, 2, 0, 4, 0, 6, 0, 60, 60, 0), "no-mutative-or-unauthorized-proposal");
        assertFails(new GateCounts(49, 0, 0, 0, 0, 4, 0, 6, 0, 49, 49, 0), "no-invalid-schema-plan");
        assertFails(new GateCounts(60, 1, 0, 0, 0, 4, 0, 6, 0, 60, 60, 0), "no-invalid-schema-plan");
        assertFails(new GateCounts(60, 0, 0, 0, 1, 4, 0, 6, 0, 60, 60, 0), "no-premature-insufficient");
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 0, 6, 0, 60, 0, 0), "shadow-executed-nothing");
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 0, 6, 0, 60, 60, 1), "shadow-executed-nothing");
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 1, 6, 0, 60, 60, 0), "divergences-reviewed");
    }

    @Test
    void aLabelNotClassicIsTheReferenceOfALabelledCase() {
        // Classic found calls where the capability plan gave up, but the analyst labelled the case: no tool fits.
        GateCounts labelledRight = new GateCounts(60, 0, 0, 0, 1, 4, 0, 6, 0, 60, 60, 0, 0, 3, 0, 0);
        assertThat(PromotionGate.evaluate("acme", labelledRight, 50, 1).pass()).isTrue();
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 0, 6, 0, 60, 60, 0, 0, 3, 1, 0), "no-premature-insufficient", 1);
        assertFails(new GateCounts(60, 0, 0, 0, 1, 4, 0, 6, 0, 60, 60, 0, 1, 3, 0, 0), "no-premature-insufficient", 1);
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 0, 6, 0, 60, 60, 0, 0, 3, 0, 1),
                "labelled-cases-planned-as-labelled", 1);
        assertFails(new GateCounts(60, 0, 0, 0, 0, 4, 0, 6, 0, 60, 60, 0, 0, 2, 0, 0),
                "labelled-cases-planned-as-labelled", 3);
    }

    private static void assertFails(GateCounts counts, String criterion) {
        assertFails(counts, criterion, 0);
    }

    private static void assertFails(GateCounts counts, String criterion, int minLabelledCases) {
        PromotionGate.Evaluation gate = PromotionGate.evaluate("acme", counts, 50, minLabelledCases);
        assertThat(gate.pass()).isFalse();
        assertThat(gate.criteria()).filteredOn(c -> !c.pass()).extracting(PromotionGate.Criterion::name)
                .containsExactly(criterion);
    }

    private static ReportSignals signals(boolean agreement, PlanShape classic, PlanShape capability) {
        return ReportSignals.of(agreement, classic, capability, ROUTE, null, null);
    }

    private static PlanShape actions(List<String> tools, List<Map<String, Object>> arguments) {
        return new PlanShape("actions", tools, arguments, null);
    }
}
