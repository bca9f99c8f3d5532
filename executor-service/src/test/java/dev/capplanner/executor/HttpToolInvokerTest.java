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

    @Test
    void anAnswerLargerThanTheLimitFailsTheCallUnreadWhetherDeclaredOrStreamed() {
        HttpServer large = LoopbackHttp.start();
        large.createContext("/streamed", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, 0); // chunked: no length said
            try (var body = exchange.getResponseBody()) {
                body.write('[');
                byte[] chunk = "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",".repeat(200)
                        .getBytes(StandardCharsets.UTF_8);
                for (int i = 0; i < 200; i++) {
                    body.write(chunk);
                }
                body.write("\"end\"]".getBytes(StandardCharsets.UTF_8));
            } catch (java.io.IOException given) {
                // The executor gave the answer up: nothing more to write.
            }
        });
        large.createContext("/declared", exchange -> {
            byte[] body = ("[" + "1,".repeat(100_000) + "1]").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            } catch (java.io.IOException given) {
                // Given up.
            }
        });
        large.createContext("/small", exchange -> LoopbackHttp.respondJson(exchange, 200,
                "{\"id\":\"O-1\"}".getBytes(StandardCharsets.UTF_8)));
        try {
            HttpToolInvoker invoker = new HttpToolInvoker(dev.capplanner.executor.targets.CallTargets.configured(
                    Map.of("big", new CallTarget(LoopbackHttp.url(large), Duration.ofSeconds(10)))),
                    new dev.capplanner.contracts.credentials.TenantSecrets(java.util.Optional.empty(), name -> null),
                    dev.capplanner.executor.targets.ClientCredentialTokens.NONE, 100_000);
            for (String path : new String[] {"/streamed", "/declared"}) {
                ToolResponse response = invoker.invoke(new ToolEndpoint("big", "GET", path), Map.of())
                        .toCompletableFuture().join();
                assertThat(response.failure()).as(path).isEqualTo("the answer of target big is larger than 100000 bytes: not read");
                assertThat(response.body()).isNull();
            }
            assertThat(invoker.invoke(new ToolEndpoint("big", "GET", "/small"), Map.of()).toCompletableFuture().join()
                    .body()).isEqualTo(Map.of("id", "O-1"));
        } finally {
            large.stop(0);
        }
    }
}
