package dev.capplanner.executor.authorization;

import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.request.GrantedTool;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Decides each physical call immediately before it is made (rule "last-mile check"): the run owns
 * the snapshot, the tool is in that verified snapshot, it is a safe read on an available target, the
 * hidden arguments are bound from the run (a plan may not supply them), the arguments match the
 * input schema, and the registry says, live, that the principal may use the tool now (a capability
 * plan is checked so too, and then each physical call of its steps). Deny by
 * default: anything not positively allowed is refused, and an authorization service that cannot
 * answer is a refusal.
 */
public final class LastMileAuthorizer {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD");

    private final TargetAvailability targets;
    private final LiveAuthorization live;
    private final ArgumentSchemaCheck schemas;

    public LastMileAuthorizer(TargetAvailability targets, LiveAuthorization live, ArgumentSchemaCheck schemas) {
        this.targets = targets;
        this.live = live;
        this.schemas = schemas;
    }

    /** An authorizer for configured targets without circuit breakers. */
    public LastMileAuthorizer(Set<String> configuredTargets, LiveAuthorization live, ArgumentSchemaCheck schemas) {
        this(TargetAvailability.of(configuredTargets), live, schemas);
    }

    public CompletionStage<CallVerdict> check(CallRequest call, ExecutionRequest request) {
        AuthorizationDecision local = checkAgainstSnapshot(call, request);
        if (!local.allowed()) {
            return refused(local.rule(), local.reason());
        }
        GrantedTool grant = request.grants().get(call.tool());
        CallVerdict bound = HiddenArguments.bind(grant.inputSchema(), call.arguments(), request.runContext());
        if (!(bound instanceof CallVerdict.Go go)) {
            return CompletableFuture.completedFuture(bound);
        }
        List<String> violations = schemas.violations(grant.inputSchema(), go.arguments());
        if (!violations.isEmpty()) {
            return refused(DenialRule.ARGUMENT_SCHEMA, "arguments of " + call.tool() + " do not match its input schema at "
                    + String.join(", ", violations));
        }
        return live.authorize(request.run(), request.principal(), call.tool())
                .exceptionally(error -> AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE,
                        "authorization unavailable: "
                        + error.getClass().getSimpleName()))
                .thenApply(decision -> decision.allowed() ? go : new CallVerdict.Refused(decision.rule(), decision.reason()));
    }

    private static CompletionStage<CallVerdict> refused(DenialRule rule, String reason) {
        return CompletableFuture.completedFuture(new CallVerdict.Refused(rule, reason));
    }

    private AuthorizationDecision checkAgainstSnapshot(CallRequest call, ExecutionRequest request) {
        if (!request.run().tenantId().equals(request.snapshotOwner().tenantId())) {
            return AuthorizationDecision.deny(DenialRule.SNAPSHOT_SCOPE, "snapshot belongs to another tenant");
        }
        if (!request.run().projectId().equals(request.snapshotOwner().projectId())) {
            return AuthorizationDecision.deny(DenialRule.SNAPSHOT_SCOPE, "snapshot belongs to another project");
        }
        GrantedTool grant = request.grants().get(call.tool());
        if (grant == null) {
            return AuthorizationDecision.deny(DenialRule.NOT_IN_SNAPSHOT, "tool " + call.tool() + " is not in the run's snapshot");
        }
        if (!grant.readOnly()) {
            return AuthorizationDecision.deny(DenialRule.NOT_READ_ONLY, "tool " + call.tool() + " is not read-only");
        }
        if (grant.inShadow()) {
            return AuthorizationDecision.deny(DenialRule.IN_SHADOW, "tool " + call.tool()
                    + "'s connection is in shadow: planned and compared, never called");
        }
        if (grant.runsPlan()) {
            // No target is called for a plan itself: each of its steps passes this check before its own call.
            return AuthorizationDecision.allow();
        }
        if (!grant.endpoint().callsMcpTool() && !SAFE_METHODS.contains(grant.endpoint().method())) {
            return AuthorizationDecision.deny(DenialRule.UNSAFE_METHOD, "tool " + call.tool() + " uses HTTP " + grant.endpoint().method());
        }
        String target = grant.endpoint().service();
        if (!targets.configured(grant.endpoint())) {
            return AuthorizationDecision.deny(DenialRule.TARGET_UNAVAILABLE, "target service " + target + " is not available");
        }
        if (!targets.available(grant.endpoint())) {
            return AuthorizationDecision.deny(DenialRule.TARGET_UNAVAILABLE, "the " + target
                    + " service is not answering right now (its recent calls failed); try again in a minute");
        }
        return AuthorizationDecision.allow();
    }
}
