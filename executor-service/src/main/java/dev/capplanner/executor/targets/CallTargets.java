package dev.capplanner.executor.targets;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.egress.EgressPolicy;
import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.request.ToolEndpoint;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * The executor's targets: those it is configured with, then those the registry names for the run's
 * owner (looked up once, kept until the registry moves past the revision they were read at, and
 * called only when the egress policy allows their URL). A registry target is keyed by its owner, so
 * two tenants' connections to one API each present their own credential.
 */
public final class CallTargets implements TargetDirectory {

    /** Registry targets held at once; a tenant's project has a handful, a deployment some thousands. */
    static final int MAX_HELD = 10_000;

    private final Map<String, CallTarget> configured;
    private final Optional<RegisteredTargets> registry;
    private final EgressPolicy egress;
    private final RegistryRevisionWatch revisions;
    private final Duration callTimeout;
    private final Executor blocking;
    private final Cache<Key, CompletableFuture<Looked>> held = Caffeine.newBuilder().maximumSize(MAX_HELD).executor(Runnable::run).build();

    /**
     * @param registry    empty when only configured targets are called
     * @param callTimeout a registry target's call timeout
     * @param blocking    where the egress check resolves host names
     */
    public CallTargets(Map<String, CallTarget> configured, Optional<RegisteredTargets> registry, EgressPolicy egress,
                       RegistryRevisionWatch revisions, Duration callTimeout, Executor blocking) {
        this.configured = Map.copyOf(configured);
        this.registry = registry;
        this.egress = egress;
        this.revisions = revisions;
        this.callTimeout = callTimeout;
        this.blocking = blocking;
    }

    /** Configured targets only. */
    public static CallTargets configured(Map<String, CallTarget> configured) {
        return new CallTargets(configured, Optional.empty(), new EgressPolicy(List.of(), false, host -> {
            throw new java.net.UnknownHostException(host);
        }), new RegistryRevisionWatch(), Duration.ofSeconds(10), Runnable::run);
    }

    @Override
    public boolean knows(ToolEndpoint endpoint) {
        return configured.containsKey(endpoint.service()) || (registry.isPresent() && endpoint.owner() != null);
    }

    @Override
    public CompletionStage<CallTarget> find(ToolEndpoint endpoint) {
        CallTarget own = configured.get(endpoint.service());
        if (own != null) {
            return CompletableFuture.completedFuture(own);
        }
        if (registry.isEmpty() || endpoint.owner() == null) {
            return CompletableFuture.failedFuture(new UnknownTargetException("no target " + endpoint.service()
                    + " is configured"));
        }
        Key key = new Key(endpoint.owner(), endpoint.service());
        CompletableFuture<Looked> current = held.getIfPresent(key);
        if (current != null && (!current.isDone() || fresh(current))) {
            return current.thenApply(Looked::target);
        }
        CompletableFuture<Looked> looked = registry.get().lookUp(endpoint.owner(), endpoint.service())
                .thenApplyAsync(answer -> checked(endpoint, answer), blocking).toCompletableFuture();
        held.put(key, looked);
        looked.whenComplete((target, error) -> {
            if (error != null) {
                held.asMap().remove(key, looked);
            }
        });
        return looked.thenApply(Looked::target);
    }

    /** Read at the newest revision seen: a change after it (a decision at a later revision) makes it stale. */
    private boolean fresh(CompletableFuture<Looked> done) {
        return !done.isCompletedExceptionally() && done.join().revision() >= revisions.newest();
    }

    private Looked checked(ToolEndpoint endpoint, Optional<TargetAnswer> answer) {
        TargetAnswer target = answer.orElseThrow(() -> new UnknownTargetException("no target " + endpoint.service()
                + " is configured or registered for this tenant and project"));
        revisions.saw(target.registryRevision());
        egress.refusal(target.url(), target.credential() != null).ifPresent(refusal -> {
            throw new UnknownTargetException("target " + endpoint.service() + " may not be called: " + refusal);
        });
        if (target.credential() != null && target.credential().fetchesTokens()) {
            // The client secret goes to the token endpoint: it is held to the same policy.
            egress.refusal(target.credential().tokenUrl(), true).ifPresent(refusal -> {
                throw new UnknownTargetException("the token endpoint of target " + endpoint.service()
                        + " may not be called: " + refusal);
            });
        }
        return new Looked(new CallTarget(target.url(), List.of(), callTimeout, target.credential(),
                target.credential() == null ? null : endpoint.owner().tenantId()), target.registryRevision());
    }

    private record Key(RunScope owner, String target) {
    }

    private record Looked(CallTarget target, long revision) {
    }
}
