package dev.capplanner.reports.shadow;

import java.time.Instant;
import java.util.List;

/**
 * A stored shadow divergence report. Built only through {@code ReportEvents.fromComparison}, so
 * its text fields are always masked; the plans are masked JSON. {@code externalCalls}: what the
 * iteration sent to remote systems, once the executor's observation has arrived (counts only);
 * {@code promptTokens} and {@code plannerNote}: the capability planner's model cost and how its plan
 * was made when not as configured (null when no model was asked / nothing to note); {@code signals}:
 * what the plans say at a glance ({@link ReportSignals}); {@code review}: a reviewer's verdict, null
 * until reviewed.
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
        String fallbackReason,
        Integer promptTokens,
        String plannerNote,
        ExternalCallCount externalCalls,
        ReportSignals signals,
        Review review) {

    /** A stored report, before any review. */
    public ShadowReport(String eventId, String runId, int iteration, String turnId, String conversationId,
                        String tenantId, String projectId, String mode, Instant occurredAt, Instant storedAt,
                        String snapshotHash, long snapshotSizeBytes, String question, List<String> candidates,
                        Object classicPlan, Object capabilityPlan, boolean agreement, long capabilityLatencyMs,
                        String fallbackReason, Integer promptTokens, String plannerNote, ExternalCallCount externalCalls) {
        this(eventId, runId, iteration, turnId, conversationId, tenantId, projectId, mode, occurredAt, storedAt,
                snapshotHash, snapshotSizeBytes, question, candidates, classicPlan, capabilityPlan, agreement,
                capabilityLatencyMs, fallbackReason, promptTokens, plannerNote, externalCalls, null, null);
    }

    /** A report whose iteration's calls are not counted yet. */
    public ShadowReport(String eventId, String runId, int iteration, String turnId, String conversationId,
                        String tenantId, String projectId, String mode, Instant occurredAt, Instant storedAt,
                        String snapshotHash, long snapshotSizeBytes, String question, List<String> candidates,
                        Object classicPlan, Object capabilityPlan, boolean agreement, long capabilityLatencyMs,
                        String fallbackReason) {
        this(eventId, runId, iteration, turnId, conversationId, tenantId, projectId, mode, occurredAt, storedAt,
                snapshotHash, snapshotSizeBytes, question, candidates, classicPlan, capabilityPlan, agreement,
                capabilityLatencyMs, fallbackReason, null, null, null);
    }

    /** A report whose iteration's calls are not counted yet, with the capability planner's cost and note. */
    public ShadowReport(String eventId, String runId, int iteration, String turnId, String conversationId,
                        String tenantId, String projectId, String mode, Instant occurredAt, Instant storedAt,
                        String snapshotHash, long snapshotSizeBytes, String question, List<String> candidates,
                        Object classicPlan, Object capabilityPlan, boolean agreement, long capabilityLatencyMs,
                        String fallbackReason, Integer promptTokens, String plannerNote) {
        this(eventId, runId, iteration, turnId, conversationId, tenantId, projectId, mode, occurredAt, storedAt,
                snapshotHash, snapshotSizeBytes, question, candidates, classicPlan, capabilityPlan, agreement,
                capabilityLatencyMs, fallbackReason, promptTokens, plannerNote, null);
    }

    /** This report with its iteration's call counts. */
    public ShadowReport withExternalCalls(ExternalCallCount counted) {
        return new ShadowReport(eventId, runId, iteration, turnId, conversationId, tenantId, projectId, mode,
                occurredAt, storedAt, snapshotHash, snapshotSizeBytes, question, candidates, classicPlan,
                capabilityPlan, agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote, counted,
                signals, review);
    }

    /** This report with what its plans say at a glance. */
    public ShadowReport withSignals(ReportSignals computed) {
        return new ShadowReport(eventId, runId, iteration, turnId, conversationId, tenantId, projectId, mode,
                occurredAt, storedAt, snapshotHash, snapshotSizeBytes, question, candidates, classicPlan,
                capabilityPlan, agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote,
                externalCalls, computed, review);
    }

    /** This report with its reviewer's verdict. */
    public ShadowReport withReview(Review verdict) {
        return new ShadowReport(eventId, runId, iteration, turnId, conversationId, tenantId, projectId, mode,
                occurredAt, storedAt, snapshotHash, snapshotSizeBytes, question, candidates, classicPlan,
                capabilityPlan, agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote,
                externalCalls, signals, verdict);
    }
}
