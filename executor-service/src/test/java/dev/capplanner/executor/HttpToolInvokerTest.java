package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.testing.http.LoopbackHttp;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each target has its own call timeout: a slow target fails on its own clock, others are not held to it. */
class HttpToolInvokerTest {

    HttpServer slow;
    String url;

    @BeforeEach
    void startASlowTarget() {
        slow = LoopbackHttp.start();
        slow.createContext("/orders", exchange -> {
            try {
                Thread.sleep(600);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            LoopbackHttp.respondJson(exchange, 200, "{\"items\":[],\"count\":0}".getBytes(StandardCharsets.UTF_8));
        });
        url = LoopbackHttp.url(slow);
    }

    @AfterEach
    void stop() {
        slow.stop(0);
    }

    @Test
    void aTargetsOwnTimeoutBoundsItsCallsOnly() {
        HttpToolInvoker invoker = new HttpToolInvoker(Map.of(
                "impatient", new CallTarget(url, Duration.ofMillis(150)),
                "patient", new CallTarget(url, Duration.ofSeconds(5))));
        assertThatThrownBy(() -> call(invoker, "impatient")).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(HttpTimeoutException.class);
        ToolResponse response = call(invoker, "patient");
        assertThat(response.successful()).isTrue();
        assertThat(response.body()).isEqualTo(Map.of("items", java.util.List.of(), "count", 0));
    }

    private static ToolResponse call(HttpToolInvoker invoker, String target) {
        return invoker.invoke(new ToolEndpoint(target, "GET", "/orders"), Map.of()).toCompletableFuture().join();
    }
}
