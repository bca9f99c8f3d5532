package dev.capplanner.planner.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.Continuation;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.testing.events.TestSeals;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanEventsTest {

    @Test
    void aRoutesLookAlikesAreOfferedToThePlannerAfterTheirPlacesCapabilityRankedAsItIs() {
        RouteSelected route = SampleEvents.of(RouteSelected.class);

        PlanningRequest request = PlanEvents.request(route, false);

        assertThat(request.routed()).extracting(ToolSpec::name)
                .containsExactly("customers.search", "track_shipment", "track_parcel");
        ToolSpec member = request.routed().get(2);
        assertThat(member.ranked()).isTrue();
        assertThat(member.requiredInputs()).containsExactly("trackingNumber");
    }

    @Test
    void theLegacyPathIsNeverOfferedAToolInShadowWhichTheCapabilityPlannerIsToldOf() {
        dev.capplanner.contracts.events.Capability shadow = SampleEvents.TRACK_PARCEL.asShadow();
        dev.capplanner.contracts.trust.SnapshotBody snapshot = new dev.capplanner.contracts.trust.SnapshotBody(
                "sha256:" + "a".repeat(64), "acme", "support-desk",
                List.of(SampleEvents.CUSTOMERS_SEARCH, shadow), List.of());

        assertThat(PlanEvents.catalog(snapshot)).extracting(ToolSpec::name).containsExactly("customers.search");
        assertThat(PlanEvents.inShadow(snapshot)).containsExactly("track_parcel");
        assertThat(PlanEvents.inShadow(List.of(new dev.capplanner.contracts.events.Candidate(
                SampleEvents.TRACK_SHIPMENT, 1.0, "m", List.of(shadow))))).containsExactly("track_parcel");
    }

    @Test
    void aComparisonListsEveryToolTheRouteOfferedLookAlikeMembersIncluded() {
        // A plan that takes a family's member is inside the route: the report's "proposal outside the
        // route" reads this list, so without the member the promotion gate fails falsely.
        RouteSelected route = SampleEvents.of(RouteSelected.class);
        ToolPlan member = new ToolPlan.Actions(PlannerKind.CAPABILITY, List.of(new PlannedCall("a1", "track_parcel",
                Map.of("trackingNumber", "1Z999"), List.of(), Map.of(), false)));
        PlanningDecision decision = new PlanningDecision(PlannerMode.SHADOW, member, member, member, true, 3, null, 0,
                null);
        FactSeals seals = comparisonSeals();

        ShadowCompared compared = PlanEvents.compared(route, decision, seals, new Stamp("e-1", Instant.EPOCH));

        assertThat(compared.candidates()).containsExactly("customers.search", "track_shipment", "track_parcel");
    }

    @Test
    void aComparisonCarriesAndSealsTheToolsTheModelProposedOutsideTheRoute() {
        RouteSelected route = SampleEvents.of(RouteSelected.class);
        ToolPlan plan = new ToolPlan.Actions(PlannerKind.CAPABILITY, List.of(new PlannedCall("a1", "customers.search",
                Map.of("name", "Giulia"), List.of(), Map.of(), false)));
        PlanningDecision decision = new PlanningDecision(PlannerMode.SHADOW, plan, plan, plan, true, 3, null, 90,
                "llm plan corrected once (routed)", 0, List.of("orders.cancel"));
        FactSeals seals = comparisonSeals();

        ShadowCompared compared = PlanEvents.compared(route, decision, seals, new Stamp("e-1", Instant.EPOCH));

        assertThat(compared.rejectedProposals()).containsExactly("orders.cancel");
        assertThat(seals.verify(compared).valid()).isTrue();
        assertThat(seals.verify(new ShadowCompared(compared.schemaVersion(), compared.eventId(), compared.occurredAt(),
                compared.run(), compared.mode(), compared.question(), compared.snapshot(), compared.candidates(),
                compared.classicPlan(), compared.capabilityPlan(), compared.agreement(), compared.capabilityLatencyMs(),
                compared.fallbackReason(), compared.promptTokens(), compared.plannerNote(), null, compared.seal())).valid())
                .as("the refused proposals dropped in transit").isFalse();
    }

    @Test
    void theTurnsTrustedCommandReachesThePlannerAndEveryLaterIterationSealedWithThePlan() {
        RouteSelected sample = SampleEvents.of(RouteSelected.class);
        RouteSelected route = new RouteSelected(sample.schemaVersion(), sample.eventId(), sample.occurredAt(),
                sample.run(), sample.question(), sample.recentTurns(), sample.currentSelection(), sample.snapshot(),
                sample.candidates(), sample.router(), sample.routerReport(), sample.plannerMode(), "/all", null);
        assertThat(PlanEvents.request(route, true).command()).isEqualTo("/all");

        ToolPlan firstCall = new ToolPlan.Actions(PlannerKind.CAPABILITY, List.of(new PlannedCall("a1",
                "customers.search", Map.of("name", "Giulia"), List.of(), Map.of(), false)), true, List.of());
        PlanningDecision decision = new PlanningDecision(PlannerMode.CAPABILITY, firstCall, firstCall, firstCall, true,
                3, null, 0, null);
        PlanProposed proposed = PlanEvents.proposed(route, decision, TestSeals.PLAN_SEALS,
                new Stamp("e-2", Instant.EPOCH), 3);

        assertThat(proposed.continuation().command()).isEqualTo("/all");
        assertThat(TestSeals.PLAN_SEALS.verify(proposed).valid()).isTrue();
        Continuation was = proposed.continuation();
        PlanProposed dropped = new PlanProposed(proposed.schemaVersion(), proposed.eventId(), proposed.occurredAt(),
                proposed.run(), proposed.mode(), proposed.snapshot(), proposed.plan(), proposed.fallbackReason(),
                proposed.planSeal(), new Continuation(was.question(), was.recentTurns(), was.currentSelection(),
                        was.candidates(), was.evidence(), was.maxIterations(), null));
        assertThat(TestSeals.PLAN_SEALS.verify(dropped).valid()).as("the command dropped in transit").isFalse();
        assertThat(Iterations.request(proposed.continuation(), proposed.run(), List.of(), false).command())
                .isEqualTo("/all");
    }

    private static FactSeals comparisonSeals() {
        return FactSeals.comparisons(new SealKeyRing("c1",
                Map.of("c1", "planner-comparison-seal-key-32byte".getBytes(StandardCharsets.UTF_8))));
    }
}
