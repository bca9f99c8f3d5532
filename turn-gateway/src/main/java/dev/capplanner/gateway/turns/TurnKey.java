package dev.capplanner.gateway.turns;

import dev.capplanner.contracts.events.RunContext;

/**
 * Whose turn an event answers: the run id alone is not a secret (another conversation or user may
 * send the same one), so a waiting caller is matched by run, conversation, tenant and user together.
 */
public record TurnKey(String runId, String conversationId, String tenantId, String userId) {

    public static TurnKey of(RunContext run) {
        return new TurnKey(run.runId(), run.conversationId(), run.tenantId(), run.principal().userId());
    }
}
