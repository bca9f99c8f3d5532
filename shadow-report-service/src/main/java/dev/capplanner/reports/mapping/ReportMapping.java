package dev.capplanner.reports.mapping;

import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.reports.masking.SensitiveValueMasker;
import dev.capplanner.reports.report.ShadowReport;
import java.time.Instant;
import java.util.List;

/** Turns a comparison event into a report, masking every free-text value on the way (rule "mask before storing"). */
public final class ReportMapping {

    private final SensitiveValueMasker masker;

    public ReportMapping(SensitiveValueMasker masker) {
        this.masker = masker;
    }

    @SuppressWarnings("unchecked")
    public ShadowReport fromComparison(ShadowCompared event, Instant storedAt) {
        return new ShadowReport(event.eventId(), event.run().runId(), event.run().iteration(), event.run().turnId(),
                event.run().conversationId(), event.run().tenantId(), event.run().projectId(), event.mode(),
                event.occurredAt(), storedAt, event.snapshot().hash(), event.snapshot().sizeBytes(),
                masker.mask(event.question()), (List<String>) masker.maskTree(event.candidates()),
                masker.maskTree(RunEventJson.toMap(event.classicPlan())),
                masker.maskTree(RunEventJson.toMap(event.capabilityPlan())), event.agreement(),
                event.capabilityLatencyMs(), masker.mask(event.fallbackReason()));
    }
}
