package dev.capplanner.gateway.turns;

import dev.capplanner.contracts.events.RunContext;

/**
 * Whose turn an event answers: the run id alone is not a secret (another conversation or user may
 * send the same one), so a waiting caller is matched by run and turn, conversation, tenant, project
 * and user together.
 */
public record TurnKey(String runId, String turnId, String conversationId, String tenantId, String projectId,
                      String userId) {

    public static TurnKey of(RunContext run) {
        return new TurnKey(run.runId(), run.turnId(), run.conversationId(), run.tenantId(), run.projectId(),
                run.principal().userId());
    }

    /** The principal the turn runs as, for the per-user bound. */
    String owner() {
        return tenantId + '\u0000' + userId;
    }
}
