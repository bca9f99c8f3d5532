package dev.capplanner.reports.report;

import java.time.Instant;
import java.util.List;

/**
 * A stored shadow divergence report. Built only through {@code ReportMapping.fromComparison}, so
 * its text fields are always masked; the plans are masked JSON.
 */
public record ShadowReport(
        String eventId,
        String runId,
        int iteration,
        String turnId,
        String conversationId,
        String tenantId,
        String projectId,
        String mode,
        Instant occurredAt,
        Instant storedAt,
        String snapshotHash,
        long snapshotSizeBytes,
        String question,
        List<String> candidates,
        Object classicPlan,
        Object capabilityPlan,
        boolean agreement,
        long capabilityLatencyMs,
        String fallbackReason) {
}
