package dev.capplanner.principals;

import dev.capplanner.contracts.events.RunContext;
import java.util.List;

/**
 * Who a turn or a request runs for: tenant, project, user and roles. A request's project is null when
 * neither it nor its token names one.
 */
public record ClaimedPrincipal(String tenantId, String projectId, String userId, List<String> roles) {

    public ClaimedPrincipal {
        roles = List.copyOf(roles);
    }

    /** The principal a turn's run names, as its token must assert it. */
    public static ClaimedPrincipal of(RunContext run) {
        return new ClaimedPrincipal(run.tenantId(), run.projectId(), run.principal().userId(), run.principal().roles());
    }
}
