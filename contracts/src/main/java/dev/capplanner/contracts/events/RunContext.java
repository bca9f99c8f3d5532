package dev.capplanner.contracts.events;

import java.time.Instant;

/**
 * Identifies the run an event belongs to. Every service copies it unchanged from the event it
 * consumed to the events it publishes, so a chat backend can correlate a completion with its turn.
 * {@code scope} (optional): the thread, branch and object the user is looking at, for hidden arguments.
 * {@code admittedAt} (optional): when the snapshot service admitted the turn, by its own clock, whatever
 * a chat backend wrote there; the service that completes the turn measures the turn's latency from it.
 * It only times the turn: no check reads it (the seals over whole events cover it, the plan seal does not).
 */
public record RunContext(
        String runId,
        String turnId,
        int iteration,
        String tenantId,
        String projectId,
        String conversationId,
        Principal principal,
        SessionScope scope,
        Instant admittedAt) {

    /** A run with no scope beyond its conversation. */
    public RunContext(String runId, String turnId, int iteration, String tenantId, String projectId,
                      String conversationId, Principal principal) {
        this(runId, turnId, iteration, tenantId, projectId, conversationId, principal, null, null);
    }

    /** A run not admitted yet (as a chat backend writes it). */
    public RunContext(String runId, String turnId, int iteration, String tenantId, String projectId,
                      String conversationId, Principal principal, SessionScope scope) {
        this(runId, turnId, iteration, tenantId, projectId, conversationId, principal, scope, null);
    }

    /** The same run, admitted at {@code instant}. */
    public RunContext admitted(Instant instant) {
        return new RunContext(runId, turnId, iteration, tenantId, projectId, conversationId, principal, scope, instant);
    }

    /** The same run, one iteration on. */
    public RunContext nextIteration() {
        return new RunContext(runId, turnId, iteration + 1, tenantId, projectId, conversationId, principal, scope,
                admittedAt);
    }
}
