package dev.capplanner.reports.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.reports.masking.MaskingFixtures;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A comparison as the report service stores it: what the gate's signals read from it. */
class ReportEventsTest {

    private final ReportEvents events = new ReportEvents(MaskingFixtures.strictReportMasker());

    @Test
    void aToolTheModelProposedOutsideTheRouteMakesTheReportAProposalOutsideTheRouteThoughThePlanIsInside() {
        ShadowCompared sample = SampleEvents.of(ShadowCompared.class);
        // The route offered both tools the capability plan calls: the plan itself stays inside it.
        List<String> route = List.of("customers.search", "orders.list");
        assertThat(events.fromComparison(comparison(sample, route, null), Instant.EPOCH).signals()
                .proposalOutsideRoute()).isFalse();
        assertThat(events.fromComparison(comparison(sample, route, List.of("orders.cancel")), Instant.EPOCH).signals()
                .proposalOutsideRoute()).isTrue();
    }

    @Test
    void aPlansOwnMemberNamesAreKeptWhileTheValuesUnderThemAreMasked() {
        ShadowCompared sample = SampleEvents.of(ShadowCompared.class);
        Plan capability = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "tickets.list",
                Map.of("customerId", "C-1005"), List.of())), List.of("escalated"));
        ShadowCompared compared = new ShadowCompared(sample.schemaVersion(), sample.eventId(), sample.occurredAt(),
                sample.run(), sample.mode(), "Show the escalated tickets of customer C-1005", sample.snapshot(),
                List.of("tickets.list"), sample.classicPlan(), capability, false, 3, null, null, null, null, null);
        @SuppressWarnings("unchecked")
        Map<String, Object> stored = (Map<String, Object>) events.fromComparison(compared, Instant.EPOCH)
                .capabilityPlan();
        // "unmapped" is in no word list: without the contract's names it would be stored as <word:...>.
        assertThat(stored).containsKeys("planner", "outcome", "actions", "unmapped");
        assertThat(String.valueOf(stored.get("unmapped"))).doesNotContain("escalated").contains("<value:");
    }

    @Test
    void aQuestionThatSaysAPlansOwnWordsHidesNeitherItsOutcomeNorItsRoutedTools() {
        ShadowCompared sample = SampleEvents.of(ShadowCompared.class);
        Plan classic = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search",
                Map.of("name", "Anna Conti"), List.of())));
        ShadowCompared compared = new ShadowCompared(sample.schemaVersion(), sample.eventId(), sample.occurredAt(),
                sample.run(), sample.mode(), "Why is customers.search insufficient for Anna Conti?", sample.snapshot(),
                List.of("customers.search"), classic, Plan.insufficient(Plan.CAPABILITY, "no routed tool fits"), false,
                3, null, null, null, null, null);
        var report = events.fromComparison(compared, Instant.EPOCH);
        assertThat(report.capabilityPlan().toString()).contains("outcome=insufficient");
        assertThat(report.classicPlan().toString()).contains("tool=customers.search").doesNotContain("Anna Conti");
        assertThat(report.signals().capabilityGaveUp()).as("the gate sees the capability plan give up").isTrue();
    }

    private static ShadowCompared comparison(ShadowCompared sample, List<String> route, List<String> refused) {
        return new ShadowCompared(sample.schemaVersion(), sample.eventId(), sample.occurredAt(), sample.run(),
                sample.mode(), sample.question(), sample.snapshot(), route, sample.classicPlan(),
                sample.capabilityPlan(), sample.agreement(), sample.capabilityLatencyMs(), sample.fallbackReason(), 120,
                "llm plan corrected once (routed)", refused, null);
    }
}
