package dev.capplanner.contracts.events;

import java.time.Instant;
import java.util.List;

/**
 * What a chat backend consumes to answer the user: one outcome, a summary, the evidence; a help answer
 * lists the {@code capabilities} this principal may use, a refusal names the read-only
 * {@code alternative} it offers; an artifact's or a selection's rows are kept under {@code handle};
 * a selection comes with the compact {@code selectionCard} the person chooses from;
 * {@code diagnostics}, only while an operator has troubleshooting on for the tenant or user, names
 * the check or failure class of each refused or failed call (never a value).
 */
public record TurnCompleted(
        String schemaVersion,
        String eventId,
        Instant occurredAt,
        RunContext run,
        String outcome,
        String summary,
        List<Evidence> evidence,
        List<OfferedCapability> capabilities,
        String alternative,
        String handle,
        SelectionCard selectionCard,
        List<Diagnostic> diagnostics) implements RunEvent {

    /** The schema's bound on diagnostics. */
    public static final int MAX_DIAGNOSTICS = 20;

    public static final String ANSWERED = "answered";
    public static final String ARTIFACT = "artifact";
    public static final String SELECTION_REQUIRED = "selection_required";
    public static final String INSUFFICIENT = "insufficient";
    public static final String DENIED = "denied";
    public static final String FAILED = "failed";
    public static final String HELP = "help";
    public static final String REFUSED = "refused";
    /** The turn's principal token did not verify: nothing ran (the dead letter names the check). */
    public static final String UNAUTHENTICATED = "unauthenticated";

    public TurnCompleted {
        evidence = List.copyOf(evidence);
        capabilities = capabilities == null || capabilities.isEmpty() ? null : List.copyOf(capabilities);
        diagnostics = diagnostics == null || diagnostics.isEmpty() ? null : List.copyOf(diagnostics);
    }

    /** A completion without diagnostics (troubleshooting off, or nothing refused or failed). */
    public TurnCompleted(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String outcome,
                         String summary, List<Evidence> evidence, List<OfferedCapability> capabilities,
                         String alternative, String handle, SelectionCard selectionCard) {
        this(schemaVersion, eventId, occurredAt, run, outcome, summary, evidence, capabilities, alternative, handle,
                selectionCard, null);
    }

    /** The same completion with troubleshooting diagnostics. */
    public TurnCompleted withDiagnostics(List<Diagnostic> added) {
        return new TurnCompleted(schemaVersion, eventId, occurredAt, run, outcome, summary, evidence, capabilities,
                alternative, handle, selectionCard, added);
    }

    public TurnCompleted(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String outcome,
                         String summary, List<Evidence> evidence) {
        this(schemaVersion, eventId, occurredAt, run, outcome, summary, evidence, null, null, null);
    }

    /** A completion that offers no selection card. */
    public TurnCompleted(String schemaVersion, String eventId, Instant occurredAt, RunContext run, String outcome,
                         String summary, List<Evidence> evidence, List<OfferedCapability> capabilities,
                         String alternative, String handle) {
        this(schemaVersion, eventId, occurredAt, run, outcome, summary, evidence, capabilities, alternative, handle,
                null);
    }
}
