package dev.capplanner.reports.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.reports.masking.MaskingFixtures;
import java.time.Instant;
import java.util.List;
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

    private static ShadowCompared comparison(ShadowCompared sample, List<String> route, List<String> refused) {
        return new ShadowCompared(sample.schemaVersion(), sample.eventId(), sample.occurredAt(), sample.run(),
                sample.mode(), sample.question(), sample.snapshot(), route, sample.classicPlan(),
                sample.capabilityPlan(), sample.agreement(), sample.capabilityLatencyMs(), sample.fallbackReason(), 120,
                "llm plan corrected once (routed)", refused, null);
    }
}
