package dev.capplanner.executor.authorization;

import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.GrantedTool;
import dev.capplanner.executor.request.RunScope;
import java.util.Map;
import java.util.Set;

/**
 * Repeats tenant, project, availability and authorization checks immediately before each physical
 * call (rule "last-mile check"): the planner's word is not enough. Deny by default: anything not
 * positively granted is refused.
 */
public final class LastMileAuthorizer {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD");

    private final Set<String> availableTargets;

    public LastMileAuthorizer(Set<String> availableTargets) {
        this.availableTargets = Set.copyOf(availableTargets);
    }

    public AuthorizationDecision check(CallRequest call, RunScope run, RunScope snapshotOwner,
                                       Map<String, GrantedTool> grants) {
        if (!run.tenantId().equals(snapshotOwner.tenantId())) {
            return AuthorizationDecision.deny("snapshot belongs to another tenant");
        }
        if (!run.projectId().equals(snapshotOwner.projectId())) {
            return AuthorizationDecision.deny("snapshot belongs to another project");
        }
        GrantedTool grant = grants.get(call.tool());
        if (grant == null) {
            return AuthorizationDecision.deny("tool " + call.tool() + " is not in the run's snapshot");
        }
        if (!grant.readOnly()) {
            return AuthorizationDecision.deny("tool " + call.tool() + " is not read-only");
        }
        if (!SAFE_METHODS.contains(grant.endpoint().method())) {
            return AuthorizationDecision.deny("tool " + call.tool() + " uses HTTP " + grant.endpoint().method());
        }
        if (!availableTargets.contains(grant.endpoint().service())) {
            return AuthorizationDecision.deny("target service " + grant.endpoint().service() + " is not available");
        }
        return AuthorizationDecision.allow();
    }
}
