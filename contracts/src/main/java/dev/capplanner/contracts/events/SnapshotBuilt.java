package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * The immutable capability snapshot of one run, with the turn it was built for: the sealed reference
 * and the compact index. Full definitions are fetched by hash from the snapshot service and verified
 * against it (the index too: it must be the body's projection), so the record stays small however
 * big the catalog. {@code plannerMode}: the mode an operator set for the tenant at runtime
 * ({@link PlannerModes}), as of the turn's start; null when the planner's configured default applies;
 * {@code command}: the turn's slash command when the tenant's configuration trusts it, else null;
 * {@code toolCall}: the turn's direct call ({@link ToolCall}), passed on unchanged, else null;
 * {@code seal}: the snapshot service's seal over the rest (see {@link SealedFact}): the router routes,
 * and seals routes, only for turns the snapshot service admitted.
 */
public record SnapshotBuilt(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String question,
        List<String> recentTurns,
        Selection currentSelection,
        SnapshotRef snapshot,
        List<CapabilityIndexEntry> index,
        List<PriorEvidence> priorEvidence,
        String plannerMode,
        String command,
        ToolCall toolCall,
        String seal) implements SealedFact<SnapshotBuilt> {

    public SnapshotBuilt {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        index = List.copyOf(index);
        priorEvidence = priorEvidence == null ? List.of() : List.copyOf(priorEvidence);
    }

    /** A snapshot event of a chat turn (no direct call), sealed or not. */
    public SnapshotBuilt(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<CapabilityIndexEntry> index, List<PriorEvidence> priorEvidence, String plannerMode,
                         String command, String seal) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, index,
                priorEvidence, plannerMode, command, null, seal);
    }

    /** A sealed snapshot event of a turn without a trusted command. */
    public SnapshotBuilt(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<CapabilityIndexEntry> index, List<PriorEvidence> priorEvidence, String plannerMode,
                         String seal) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, index,
                priorEvidence, plannerMode, null, seal);
    }

    /** A snapshot event before it is sealed. */
    public SnapshotBuilt(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<CapabilityIndexEntry> index, List<PriorEvidence> priorEvidence, String plannerMode) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, index,
                priorEvidence, plannerMode, null, null);
    }

    /** A snapshot for a tenant that follows the planner's configured mode. */
    public SnapshotBuilt(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<CapabilityIndexEntry> index, List<PriorEvidence> priorEvidence) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, index,
                priorEvidence, null, null, null);
    }

    /** A snapshot for a turn without prior evidence. */
    public SnapshotBuilt(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<CapabilityIndexEntry> index) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, index,
                List.of());
    }

    @Override
    public SnapshotBuilt withSeal(String seal) {
        return new SnapshotBuilt(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection,
                snapshot, index, priorEvidence, plannerMode, command, toolCall, seal);
    }
}
