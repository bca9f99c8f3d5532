package dev.capplanner.contracts.snapshotservice;

import java.util.List;

/** {@code POST /authorizations}: may this principal of this tenant and project call this capability now? */
public record AuthorizationQuestion(String tenantId, String projectId, Asker principal, String capability) {

    /** The user the run acts for, and the roles the run was verified with. */
    public record Asker(String userId, List<String> roles) {
    }
}
