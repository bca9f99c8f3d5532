package dev.capplanner.contracts.events;

/**
 * Identifies the run an event belongs to. Every service copies it unchanged from the event it
 * consumed to the events it publishes, so a chat backend can correlate a completion with its turn.
 * {@code scope} (optional): the thread, branch and object the user is looking at, for hidden arguments.
 */
public record RunContext(
        String runId,
        String turnId,
        int iteration,
        String tenantId,
        String projectId,
        String conversationId,
        Principal principal,
        SessionScope scope) {

    /** A run with no scope beyond its conversation. */
    public RunContext(String runId, String turnId, int iteration, String tenantId, String projectId,
                      String conversationId, Principal principal) {
        this(runId, turnId, iteration, tenantId, projectId, conversationId, principal, null);
    }
}
