package dev.capplanner.contracts.events;

/**
 * Identifies the run an event belongs to. Every service copies it unchanged from the event it
 * consumed to the events it publishes, so a chat backend can correlate a completion with its turn.
 */
public record RunContext(
        String runId,
        String turnId,
        int iteration,
        String tenantId,
        String projectId,
        String conversationId,
        Principal principal) {
}
