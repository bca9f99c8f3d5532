package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * The classic and capability plans of one iteration side by side; it carries raw text, masked on
 * storage. {@code promptTokens}: what the capability planner sent to a model (null when none was
 * asked); {@code plannerNote}: how the capability plan was made when not as configured; {@code seal}:
 * the planner's seal over the rest (see {@link SealedFact}).
 */
public record ShadowCompared(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String mode,
        String question,
        SnapshotRef snapshot,
        List<String> candidates,
        Plan classicPlan,
        Plan capabilityPlan,
        boolean agreement,
        long capabilityLatencyMs,
        String fallbackReason,
        Integer promptTokens,
        String plannerNote,
        String seal) implements SealedFact<ShadowCompared> {

    public ShadowCompared {
        candidates = List.copyOf(candidates);
    }

    /** A comparison before it is sealed. */
    public ShadowCompared(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String mode,
                          String question, SnapshotRef snapshot, List<String> candidates, Plan classicPlan,
                          Plan capabilityPlan, boolean agreement, long capabilityLatencyMs, String fallbackReason,
                          Integer promptTokens, String plannerNote) {
        this(schemaVersion, eventId, occurredAt, run, mode, question, snapshot, candidates, classicPlan, capabilityPlan,
                agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote, null);
    }

    /** A comparison without a model call, before it is sealed. */
    public ShadowCompared(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String mode,
                          String question, SnapshotRef snapshot, List<String> candidates, Plan classicPlan,
                          Plan capabilityPlan, boolean agreement, long capabilityLatencyMs, String fallbackReason) {
        this(schemaVersion, eventId, occurredAt, run, mode, question, snapshot, candidates, classicPlan, capabilityPlan,
                agreement, capabilityLatencyMs, fallbackReason, null, null, null);
    }

    @Override
    public ShadowCompared withSeal(String seal) {
        return new ShadowCompared(schemaVersion, eventId, occurredAt, run, mode, question, snapshot, candidates,
                classicPlan, capabilityPlan, agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote,
                seal);
    }
}
