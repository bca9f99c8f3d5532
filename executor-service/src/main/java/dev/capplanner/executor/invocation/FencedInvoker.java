package dev.capplanner.executor.invocation;

import dev.capplanner.executor.request.ToolEndpoint;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Sends a call only while this process's {@link OwnerLease} is confirmed: a process that could not
 * renew it (cut off from the store) may already count as gone, and another replica may be making the
 * same call.
 */
public final class FencedInvoker implements ToolInvoker {

    private final ToolInvoker delegate;
    private final OwnerLease lease;

    public FencedInvoker(ToolInvoker delegate, OwnerLease lease) {
        this.delegate = delegate;
        this.lease = lease;
    }

    @Override
    public CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        if (!lease.maySend(System.nanoTime())) {
            return CompletableFuture.failedFuture(new LeaseNotConfirmedException(lease));
        }
        return delegate.invoke(endpoint, arguments);
    }

    /** Not sent: this process cannot show it is alive; trying again later may succeed. */
    public static final class LeaseNotConfirmedException extends RuntimeException {
        LeaseNotConfirmedException(OwnerLease lease) {
            super("not sent: this executor has not renewed its lease for a while (lease " + lease.length()
                    + "), so another replica may be making this call");
        }
    }
}
