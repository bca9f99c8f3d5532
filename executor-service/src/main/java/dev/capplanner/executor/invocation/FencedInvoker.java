package dev.capplanner.executor.invocation;

import dev.capplanner.executor.request.ToolEndpoint;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Sends a call only while this process's {@link OwnerLease} is confirmed: a process that could not
 * renew it (cut off from the store) may already count as gone, and another replica may be making the
 * same call. A send that finds the lease stale (the periodic renewal has not run since the store came
 * back) renews it first and sends if that succeeds.
 */
public final class FencedInvoker implements ToolInvoker {

    private final ToolInvoker delegate;
    private final OwnerLease lease;
    private final Supplier<CompletionStage<?>> renewal;

    /** @param renewal renews the lease now (the store records it and {@link OwnerLease#renewed} is called) */
    public FencedInvoker(ToolInvoker delegate, OwnerLease lease, Supplier<CompletionStage<?>> renewal) {
        this.delegate = delegate;
        this.lease = lease;
        this.renewal = renewal;
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        if (lease.maySend(System.nanoTime())) {
            return delegate.invoke(endpoint, arguments);
        }
        return renewal.get().handle((renewed, failure) -> lease.maySend(System.nanoTime()))
                .thenCompose(confirmed -> confirmed ? delegate.invoke(endpoint, arguments)
                        : CompletableFuture.failedFuture(new LeaseNotConfirmedException(lease)));
    }

    /** Not sent: this process cannot show it is alive; trying again later may succeed. */
    public static final class LeaseNotConfirmedException extends RuntimeException {
        LeaseNotConfirmedException(OwnerLease lease) {
            super("not sent: this executor could not renew its lease (lease " + lease.length()
                    + "), so another replica may be making this call");
        }
    }
}
