package dev.capplanner.executor.client;

import dev.capplanner.executor.authorization.TargetAvailability;
import dev.capplanner.executor.invocation.FencedInvoker;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.TypedGuard;
import jakarta.enterprise.util.TypeLiteral;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

/**
 * Every call the executor makes is a read, so a call that failed for the target's sake (no answer,
 * a timeout, HTTP 502, 503 or 504) is retried, a few times, the jittered delay doubling each time, and
 * within a bounded total time; a call the target refused (4xx, an MCP error result) is not. Each target has
 * a circuit breaker (SmallRye Fault Tolerance; a registry-named target one per owner, made on its
 * first call): when most of its recent calls failed it opens, the
 * last mile refuses calls to it ({@link #available}), and after a delay one trial call decides
 * whether it closes. A failure that remains is a normalized answer the chat backend can show.
 */
public final class ResilientInvoker implements ToolInvoker, TargetAvailability {

    /** Retries back off, doubling from the configured delay, up to this much between two tries. */
    static final Duration MAX_RETRY_DELAY = Duration.ofSeconds(2);

    /** Statuses that say the target, not the request, is the problem. */
    private static final Set<Integer> TRANSIENT_STATUSES = Set.of(502, 503, 504);
    private static final TypeLiteral<CompletionStage<ToolResponse>> RESPONSE = new TypeLiteral<>() { };

    private final ToolInvoker delegate;
    private final Set<String> configured;
    private final boolean registryTargets;
    private final Policy policy;
    private final Map<String, TypedGuard<CompletionStage<ToolResponse>>> guards = new ConcurrentHashMap<>();

    /**
     * @param targets the configured targets, one breaker each (named {@code target:<name>})
     */
    public ResilientInvoker(ToolInvoker delegate, Set<String> targets, Policy policy) {
        this(delegate, targets, false, policy);
    }

    /**
     * @param registryTargets whether targets the registry names for a run's owner are called too (one breaker
     *                        per owner and target, named {@code target:<tenant>/<project>/<name>})
     */
    public ResilientInvoker(ToolInvoker delegate, Set<String> targets, boolean registryTargets, Policy policy) {
        this.delegate = delegate;
        this.configured = Set.copyOf(targets);
        this.registryTargets = registryTargets;
        this.policy = policy;
        targets.forEach(target -> guards.put(target, guard(target, policy)));
    }

    /** The breaker's key: a configured target's name, or a registry target's owner and name; null when unknown. */
    private String keyOf(ToolEndpoint endpoint) {
        if (configured.contains(endpoint.service())) {
            return endpoint.service();
        }
        if (registryTargets && endpoint.owner() != null) {
            // Lengths first: "a/b" + "c" and "a" + "b/c" must not share a breaker.
            String tenant = endpoint.owner().tenantId();
            String project = endpoint.owner().projectId();
            return tenant.length() + ":" + tenant + "/" + project.length() + ":" + project + "/" + endpoint.service();
        }
        return null;
    }

    /** Retry and breaker settings, the same for every target. */
    public record Policy(int maxRetries, Duration retryDelay, Duration maxRetryDuration, int requestVolume,
                         double failureRatio, Duration openFor) {
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        String key = keyOf(endpoint);
        if (key == null) {
            return delegate.invoke(endpoint, arguments);
        }
        TypedGuard<CompletionStage<ToolResponse>> guard = guards.computeIfAbsent(key, name -> guard(name, policy));
        CompletionStage<ToolResponse> guarded;
        try {
            guarded = guard.call(() -> delegate.invoke(endpoint, arguments).thenApply(ResilientInvoker::transientAsFailure));
        } catch (Exception e) {
            guarded = CompletableFuture.failedFuture(e);
        }
        return guarded.handle((response, error) -> {
            if (error == null) {
                return CompletableFuture.completedFuture(response);
            }
            Throwable cause = TargetCalls.unwrapped(error);
            if (cause instanceof TransientFailure failure) {
                return CompletableFuture.completedFuture(failure.response);
            }
            if (cause instanceof CircuitBreakerOpenException) {
                return CompletableFuture.completedFuture(new ToolResponse(null, null, unavailable(endpoint.service())));
            }
            return CompletableFuture.<ToolResponse>failedFuture(cause);
        }).thenCompose(stage -> stage);
    }

    @Override
    public boolean configured(ToolEndpoint endpoint) {
        return keyOf(endpoint) != null;
    }

    @Override
    public boolean available(ToolEndpoint endpoint) {
        String key = keyOf(endpoint);
        // A registry target not called yet has no breaker yet: nothing has failed.
        return key != null && (!guards.containsKey(key) || !open(key));
    }

    /** Whether a configured target's breaker is open now (calls to it refused at the last mile). */
    public boolean circuitOpen(String target) {
        return configured.contains(target) && guards.containsKey(target) && open(target);
    }

    /** How many targets the registry named have their breaker open now (their owners stay out of metrics). */
    public long openRegistryCircuits() {
        return guards.keySet().stream().filter(key -> !configured.contains(key)).filter(ResilientInvoker::open).count();
    }

    private static boolean open(String key) {
        return CircuitBreakerMaintenance.get().currentState(breakerName(key)) == CircuitBreakerState.OPEN;
    }

    /** What the chat backend can show when a target is not answering. */
    static String unavailable(String target) {
        return "the " + target + " service is not answering right now; try again in a minute";
    }

    private static TypedGuard<CompletionStage<ToolResponse>> guard(String target, Policy policy) {
        return TypedGuard.create(RESPONSE)
                .withDescription("calls to " + target)
                .withRetry().maxRetries(policy.maxRetries()).delay(policy.retryDelay().toMillis(), ChronoUnit.MILLIS)
                .jitter(policy.retryDelay().toMillis() / 2, ChronoUnit.MILLIS)
                .withExponentialBackoff().factor(2).maxDelay(MAX_RETRY_DELAY.toMillis(), ChronoUnit.MILLIS).done()
                .maxDuration(policy.maxRetryDuration().toMillis(), ChronoUnit.MILLIS)
                .abortOn(CircuitBreakerOpenException.class).done()
                .withCircuitBreaker().name(breakerName(target)).requestVolumeThreshold(policy.requestVolume())
                .failureRatio(policy.failureRatio()).delay(policy.openFor().toMillis(), ChronoUnit.MILLIS)
                .successThreshold(1).skipOn(FencedInvoker.LeaseNotConfirmedException.class).done()
                .build();
    }

    private static String breakerName(String target) {
        return "target:" + target;
    }

    private static ToolResponse transientAsFailure(ToolResponse response) {
        if (response.httpStatus() != null && TRANSIENT_STATUSES.contains(response.httpStatus())) {
            throw new TransientFailure(response);
        }
        return response;
    }

    /** A response that says the target is the problem: retried, and counted by the breaker. */
    private static final class TransientFailure extends RuntimeException {
        private final transient ToolResponse response;

        TransientFailure(ToolResponse response) {
            super(response.failure(), null, false, false);
            this.response = response;
        }
    }
}
