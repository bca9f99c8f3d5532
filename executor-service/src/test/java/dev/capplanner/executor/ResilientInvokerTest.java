package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.client.ResilientInvoker;
import dev.capplanner.executor.invocation.FencedInvoker;
import dev.capplanner.executor.invocation.OwnerLease;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.testing.http.LoopbackHttp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rule "resilient reads": a read that failed for the target's sake is retried, one the target
 * refused is not, and a target whose recent calls failed is left alone (its breaker opens) until a
 * trial call succeeds; counted on the target's side.
 */
class ResilientInvokerTest {

    final AtomicInteger received = new AtomicInteger();
    final java.util.List<Long> receivedAtNanos = new java.util.concurrent.CopyOnWriteArrayList<>();
    final AtomicInteger failFirst = new AtomicInteger();
    HttpServer target;
    String url;

    @BeforeEach
    void startATarget() {
        target = LoopbackHttp.start();
        target.createContext("/orders", exchange -> {
            received.incrementAndGet();
            receivedAtNanos.add(System.nanoTime());
            int status = failFirst.getAndDecrement() > 0 ? 503 : 200;
            LoopbackHttp.respondJson(exchange, status, "{\"items\":[]}".getBytes(StandardCharsets.UTF_8));
        });
        target.createContext("/missing", exchange -> {
            received.incrementAndGet();
            LoopbackHttp.respondJson(exchange, 404, "{}".getBytes(StandardCharsets.UTF_8));
        });
        url = LoopbackHttp.url(target);
    }

    @AfterEach
    void stop() {
        target.stop(0);
    }

    @Test
    void aReadTheTargetFailedIsRetriedAndAnswers() {
        failFirst.set(2);
        ResilientInvoker invoker = invoker("flaky", 2, 20);
        ToolResponse response = call(invoker, "flaky", "/orders");
        assertThat(response.successful()).isTrue();
        assertThat(received).as("two 503s, then the answer").hasValue(3);
    }

    @Test
    void retriesBackOffTheDelayDoublingEachTime() {
        failFirst.set(3);
        ResilientInvoker invoker = invoker("recovering", 3, 200);
        assertThat(call(invoker, "recovering", "/orders").successful()).isTrue();
        assertThat(receivedAtNanos).hasSize(4);
        long firstWait = receivedAtNanos.get(1) - receivedAtNanos.get(0);
        long thirdWait = receivedAtNanos.get(3) - receivedAtNanos.get(2);
        // 200 ms then 800 ms, each jittered by 100 ms: the third wait is longer whatever the jitter.
        assertThat(thirdWait).isGreaterThan(firstWait + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(200));
    }

    @Test
    void aReadTheTargetRefusedIsNotRetried() {
        ResilientInvoker invoker = invoker("strict", 2, 20);
        ToolResponse response = call(invoker, "strict", "/missing");
        assertThat(response.failure()).isEqualTo("HTTP 404");
        assertThat(received).hasValue(1);
    }

    @Test
    void retriesEndAndTheLastFailureIsTheAnswer() {
        failFirst.set(10);
        ResilientInvoker invoker = invoker("down", 1, 20);
        assertThat(call(invoker, "down", "/orders").failure()).isEqualTo("HTTP 503");
        assertThat(received).as("one try and one retry").hasValue(2);
    }

    @Test
    void aTargetWhoseRecentCallsFailedIsNotCalledUntilItsBreakerLetsATrialThrough() throws InterruptedException {
        failFirst.set(4);
        ResilientInvoker invoker = new ResilientInvoker(http("breaking"), Set.of("breaking"), new ResilientInvoker.Policy(
                0, Duration.ofMillis(10), Duration.ofSeconds(5), 4, 0.5, Duration.ofMillis(400)));
        var meters = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
        dev.capplanner.executor.telemetry.TargetTelemetry.watchCircuits(invoker, Set.of("breaking"), meters);
        var circuit = meters.get("capplanner.executor.circuit.open").tag("target", "breaking").gauge();
        assertThat(circuit.value()).isZero();
        for (int i = 0; i < 4; i++) {
            assertThat(call(invoker, "breaking", "/orders").failure()).isEqualTo("HTTP 503");
        }
        assertThat(invoker.available(new ToolEndpoint("breaking", "GET", "/orders"))).as("four failures of four: open").isFalse();
        assertThat(call(invoker, "breaking", "/orders").failure())
                .isEqualTo("the breaking service is not answering right now; try again in a minute");
        assertThat(received).as("an open breaker sends nothing").hasValue(4);
        assertThat(circuit.value()).as("the alert's metric says so").isEqualTo(1);
        assertThat(meters.get("capplanner.executor.circuit.open").tag("target", "registry").gauge().value())
                .as("no registry-named target is open").isZero();

        Thread.sleep(600);
        assertThat(call(invoker, "breaking", "/orders").successful()).as("the trial call").isTrue();
        assertThat(invoker.available(new ToolEndpoint("breaking", "GET", "/orders"))).isTrue();
        assertThat(received).hasValue(5);
        assertThat(circuit.value()).as("closed again").isZero();
    }

    @Test
    void callsHeldBackForThisProcesssLapsedLeaseDoNotOpenTheTargetsBreaker() {
        OwnerLease lease = new OwnerLease("this-process", Duration.ofSeconds(15), Duration.ofSeconds(2));
        ResilientInvoker invoker = new ResilientInvoker(new FencedInvoker(http("fenced"), lease,
                () -> java.util.concurrent.CompletableFuture.failedFuture(new IllegalStateException("the store is away"))),
                Set.of("fenced"),
                new ResilientInvoker.Policy(0, Duration.ofMillis(10), Duration.ofSeconds(5), 4, 0.5,
                        Duration.ofSeconds(30)));
        for (int i = 0; i < 6; i++) {
            assertThatThrownBy(() -> call(invoker, "fenced", "/orders"))
                    .hasCauseInstanceOf(FencedInvoker.LeaseNotConfirmedException.class);
        }
        assertThat(received).as("nothing is sent without a confirmed lease").hasValue(0);
        assertThat(invoker.available(new ToolEndpoint("fenced", "GET", "/orders"))).as("the target did not fail: its breaker stays closed").isTrue();

        lease.renewed(System.nanoTime());
        assertThat(call(invoker, "fenced", "/orders").successful()).isTrue();
        assertThat(received).hasValue(1);
    }

    private ResilientInvoker invoker(String name, int retries, int delayMillis) {
        return new ResilientInvoker(http(name), Set.of(name), new ResilientInvoker.Policy(retries,
                Duration.ofMillis(delayMillis), Duration.ofSeconds(5), 100, 0.99, Duration.ofSeconds(30)));
    }

    private HttpToolInvoker http(String name) {
        return new HttpToolInvoker(Map.of(name, new CallTarget(url, Duration.ofSeconds(2))));
    }

    private static ToolResponse call(ResilientInvoker invoker, String target, String path) {
        return invoker.invoke(new ToolEndpoint(target, "GET", path), Map.of()).toCompletableFuture().join();
    }
}
