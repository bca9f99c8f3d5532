package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * At most eight routed tools with their full schemas, a look-alike family's members counted (eight
 * candidates at most, and their look-alikes within the same eight); no other capability of the snapshot
 * travels on, so no other schema reaches the planner and the record stays small. {@code plannerMode}:
 * the snapshot's, passed on unchanged; {@code command}: the snapshot's trusted slash command, passed on
 * unchanged; {@code toolCall}: the snapshot's direct call, passed on unchanged; {@code seal}: the router's seal over the rest (see
 * {@link SealedFact}): the planner plans, and seals plans and comparisons, only for routes the router made.
 */
public record RouteSelected(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String question,
        List<String> recentTurns,
        Selection currentSelection,
        SnapshotRef snapshot,
        List<Candidate> candidates,
        String router,
        RouterReport routerReport,
        String plannerMode,
        String command,
        ToolCall toolCall,
        String seal) implements SealedFact<RouteSelected> {

    public static final int MAX_CANDIDATES = 8;

    /** A route of a chat turn (no direct call), sealed or not. */
    public RouteSelected(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<Candidate> candidates, String router, RouterReport routerReport, String plannerMode,
                         String command, String seal) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, candidates,
                router, routerReport, plannerMode, command, null, seal);
    }

    /** A sealed route of a turn without a trusted command. */
    public RouteSelected(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<Candidate> candidates, String router, RouterReport routerReport, String plannerMode,
                         String seal) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, candidates,
                router, routerReport, plannerMode, null, seal);
    }

    /** A route before it is sealed. */
    public RouteSelected(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<Candidate> candidates, String router, RouterReport routerReport, String plannerMode) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, candidates,
                router, routerReport, plannerMode, null, null);
    }

    /** A route for a tenant that follows the planner's configured mode, before it is sealed. */
    public RouteSelected(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, SnapshotRef snapshot,
                         List<Candidate> candidates, String router, RouterReport routerReport) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, snapshot, candidates,
                router, routerReport, null, null, null);
    }

    public RouteSelected {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        candidates = List.copyOf(candidates);
        long tools = Candidate.offered(candidates).count();
        if (candidates.size() > MAX_CANDIDATES || tools > MAX_CANDIDATES) {
            throw new IllegalArgumentException("a route holds at most " + MAX_CANDIDATES
                    + " tools, look-alike members included, got " + tools);
        }
    }

    @Override
    public RouteSelected withSeal(String seal) {
        return new RouteSelected(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection,
                snapshot, candidates, router, routerReport, plannerMode, command, toolCall, seal);
    }
}
