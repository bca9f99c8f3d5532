package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/** The classic and capability plans of one iteration side by side; it carries raw text, masked on storage. */
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
        String fallbackReason) implements RunEvent {

    public ShadowCompared {
        candidates = List.copyOf(candidates);
    }
}
