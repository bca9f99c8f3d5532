package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.executor.invocation.FencedInvoker;
import dev.capplanner.executor.invocation.OwnerLease;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Rule "a process sends only while it can show it is alive", at the send: a stale lease is renewed
 * before the call, and the call is not sent when that renewal fails.
 */
class FencedInvokerTest {

    final OwnerLease lease = new OwnerLease("executor-1", Duration.ofSeconds(15), Duration.ofSeconds(5));
    final AtomicInteger sent = new AtomicInteger();
    final AtomicInteger renewals = new AtomicInteger();
    final ToolInvoker target = (endpoint, arguments) -> {
        sent.incrementAndGet();
        return CompletableFuture.completedFuture(new ToolResponse(200, "{}", null));
    };

    @Test
    void aFreshLeaseSendsWithoutRenewing() {
        lease.renewed(System.nanoTime());
        call(new FencedInvoker(target, lease, renewal(true)));
        assertThat(sent).hasValue(1);
        assertThat(renewals).hasValue(0);
    }

    @Test
    void aStaleLeaseIsRenewedFirstAndTheCallSent() {
        // As after a database outage: the claim went through, the periodic renewal has not run yet.
        call(new FencedInvoker(target, lease, renewal(true)));
        assertThat(renewals).hasValue(1);
        assertThat(sent).hasValue(1);
    }

    @Test
    void aLeaseThatCannotBeRenewedSendsNothing() {
        FencedInvoker invoker = new FencedInvoker(target, lease, renewal(false));
        assertThatThrownBy(() -> call(invoker)).hasCauseInstanceOf(FencedInvoker.LeaseNotConfirmedException.class)
                .hasMessageContaining("not sent");
        assertThat(sent).hasValue(0);
    }

    private Supplier<CompletionStage<?>> renewal(boolean storeAnswers) {
        return () -> {
            renewals.incrementAndGet();
            if (!storeAnswers) {
                return CompletableFuture.failedFuture(new IllegalStateException("the store is away"));
            }
            lease.renewed(System.nanoTime());
            return CompletableFuture.completedFuture(null);
        };
    }

    private static ToolResponse call(FencedInvoker invoker) {
        return invoker.invoke(new ToolEndpoint("demo-api", "GET", "/orders"), Map.of()).toCompletableFuture().join();
    }
}
