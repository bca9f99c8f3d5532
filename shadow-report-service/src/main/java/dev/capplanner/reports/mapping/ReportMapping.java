package dev.capplanner.reports.mapping;

import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.report.ShadowReport;
import java.time.Instant;
import java.util.List;

/**
 * Turns a comparison event into a report, masking every value on the way (rule "mask before
 * storing"): the question, both plans and the fallback reason. Candidate names are tool names.
 */
public final class ReportMapping {

    private final ReportMasker masker;

    public ReportMapping(ReportMasker masker) {
        this.masker = masker;
    }

    public ShadowReport fromComparison(ShadowCompared event, Instant storedAt) {
        Object classic = RunEventJson.toMap(event.classicPlan());
        Object capability = RunEventJson.toMap(event.capabilityPlan());
        ReportMasker.Context masking = masker.forReport(event.run().tenantId(), event.question(),
                List.of(classic, capability));
        return new ShadowReport(event.eventId(), event.run().runId(), event.run().iteration(), event.run().turnId(),
                event.run().conversationId(), event.run().tenantId(), event.run().projectId(), event.mode(),
                event.occurredAt(), storedAt, event.snapshot().hash(), event.snapshot().sizeBytes(),
                masking.text(event.question()), List.copyOf(event.candidates()), masking.tree(classic),
                masking.tree(capability), event.agreement(), event.capabilityLatencyMs(),
                masking.text(event.fallbackReason()), event.promptTokens(), masking.text(event.plannerNote()));
    }
}
