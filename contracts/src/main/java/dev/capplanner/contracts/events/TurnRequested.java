package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * What a chat backend publishes for each user turn; {@code command}: a slash command it passes in its
 * own field ({@link TurnCommands}), never read from the question, trusted only where the tenant's
 * configuration says so; {@code toolCall}: a direct call of one capability instead of a question to
 * plan ({@link ToolCall}), null for every chat turn.
 */
public record TurnRequested(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String question,
        List<String> recentTurns,
        Selection currentSelection,
        List<PriorEvidence> priorEvidence,
        String command,
        ToolCall toolCall) implements RunEvent {

    public TurnRequested {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        priorEvidence = priorEvidence == null ? List.of() : List.copyOf(priorEvidence);
    }

    /** The same turn, its run admitted at {@code instant} ({@link RunContext#admittedAt}). */
    public TurnRequested admitted(Instant instant) {
        return new TurnRequested(schemaVersion, eventId, occurredAt, run.admitted(instant), question, recentTurns,
                currentSelection, priorEvidence, command, toolCall);
    }

    /** A chat turn: a question to plan, not a direct call. */
    public TurnRequested(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, List<PriorEvidence> priorEvidence,
                         String command) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, priorEvidence, command,
                null);
    }

    /** A turn without a command. */
    public TurnRequested(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection, List<PriorEvidence> priorEvidence) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, priorEvidence, null);
    }

    /** A turn without prior evidence (the first of a conversation, or a backend that keeps none). */
    public TurnRequested(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String question,
                         List<String> recentTurns, Selection currentSelection) {
        this(schemaVersion, eventId, occurredAt, run, question, recentTurns, currentSelection, List.of());
    }
}
