package dev.capplanner.executor.execution;

import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.GrantedTool;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Makes one physical call at most once per call key (rule "exactly-once calls"): claims it in the
 * {@link CallLedger} (waiting while another delivery makes it, up to the patience, then taking it
 * over), sends it, and records the response; a call an earlier delivery recorded is answered from
 * the ledger, not sent again. A call that could not be sent is a response that says so.
 */
final class LedgeredCalls {

    /** How often a call another delivery is making is looked at again. */
    static final Duration BUSY_POLL = Duration.ofMillis(100);

    /** What came back, and whether an earlier delivery had made the call (nothing sent now). */
    record Made(ToolResponse response, boolean fromLedger) {
    }

    private final ToolInvoker invoker;
    private final CallLedger ledger;
    private final Duration busyPatience;

    LedgeredCalls(ToolInvoker invoker, CallLedger ledger, Duration busyPatience) {
        this.invoker = invoker;
        this.ledger = ledger;
        this.busyPatience = busyPatience;
    }

    CompletionStage<Made> make(CallLedger.CallKey key, CallRequest action, GrantedTool grant,
                               Map<String, Object> arguments, CallObserver observer) {
        return claimed(key, System.nanoTime() + busyPatience.toNanos()).thenCompose(claim -> {
            if (claim instanceof CallLedger.Claim.Recorded recorded) {
                return CompletableFuture.completedFuture(new Made(recorded.response(), true));
            }
            CallObserver.Observation observation = observer.sending(action, grant.endpoint());
            return invoker.invoke(grant.endpoint(), arguments)
                    .handle((response, error) -> {
                        observation.ended(error == null ? response : null, error);
                        return error == null ? response
                                : new ToolResponse(null, null, "call failed: " + rootCause(error));
                    })
                    .thenCompose(response -> ledger.record(key, response).thenApply(recorded -> new Made(response,
                            false)));
        });
    }

    /** Claims the call, waiting while another delivery makes it (up to the deadline, then it is taken over). */
    private CompletionStage<CallLedger.Claim> claimed(CallLedger.CallKey key, long deadlineNanos) {
        return ledger.claim(key).thenCompose(claim -> {
            if (!(claim instanceof CallLedger.Claim.Busy) || System.nanoTime() > deadlineNanos) {
                return CompletableFuture.completedFuture(claim instanceof CallLedger.Claim.Busy
                        ? new CallLedger.Claim.Granted() : claim);
            }
            return CompletableFuture.supplyAsync(() -> key,
                            CompletableFuture.delayedExecutor(BUSY_POLL.toMillis(), TimeUnit.MILLISECONDS))
                    .thenCompose(again -> claimed(again, deadlineNanos));
        });
    }

    private static String rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName();
    }
}
