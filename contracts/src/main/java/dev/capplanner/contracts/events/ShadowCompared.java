package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * The classic and capability plans of one iteration side by side; it carries raw text, masked on
 * storage. {@code promptTokens}: what the capability planner sent to a model (null when none was
 * asked); {@code plannerNote}: how the capability plan was made when not as configured;
 * {@code rejectedProposals}: tools outside the route that the planner's model named in answers the
 * planner refused (null when none), what the promotion gate counts besides the final plan; {@code seal}:
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
        List<String> rejectedProposals,
        String seal) implements SealedFact<ShadowCompared> {

    public ShadowCompared {
        candidates = List.copyOf(candidates);
        rejectedProposals = rejectedProposals == null || rejectedProposals.isEmpty() ? null
                : List.copyOf(rejectedProposals);
    }

    /** A comparison with no refused proposal, sealed or not. */
    public ShadowCompared(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String mode,
                          String question, SnapshotRef snapshot, List<String> candidates, Plan classicPlan,
                          Plan capabilityPlan, boolean agreement, long capabilityLatencyMs, String fallbackReason,
                          Integer promptTokens, String plannerNote, String seal) {
        this(schemaVersion, eventId, occurredAt, run, mode, question, snapshot, candidates, classicPlan, capabilityPlan,
                agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote, null, seal);
    }

    /** A comparison before it is sealed. */
    public ShadowCompared(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String mode,
                          String question, SnapshotRef snapshot, List<String> candidates, Plan classicPlan,
                          Plan capabilityPlan, boolean agreement, long capabilityLatencyMs, String fallbackReason,
                          Integer promptTokens, String plannerNote) {
        this(schemaVersion, eventId, occurredAt, run, mode, question, snapshot, candidates, classicPlan, capabilityPlan,
                agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote, null, null);
    }

    /** A comparison without a model call, before it is sealed. */
    public ShadowCompared(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String mode,
                          String question, SnapshotRef snapshot, List<String> candidates, Plan classicPlan,
                          Plan capabilityPlan, boolean agreement, long capabilityLatencyMs, String fallbackReason) {
        this(schemaVersion, eventId, occurredAt, run, mode, question, snapshot, candidates, classicPlan, capabilityPlan,
                agreement, capabilityLatencyMs, fallbackReason, null, null, null, null);
    }

    @Override
    public ShadowCompared withSeal(String seal) {
        return new ShadowCompared(schemaVersion, eventId, occurredAt, run, mode, question, snapshot, candidates,
                classicPlan, capabilityPlan, agreement, capabilityLatencyMs, fallbackReason, promptTokens, plannerNote,
                rejectedProposals, seal);
    }
}
