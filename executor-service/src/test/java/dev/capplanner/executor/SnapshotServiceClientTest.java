package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.client.SnapshotServiceClient;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The last-mile question to the registry over HTTP: an outage is waited out, for a while; a refusal is final. */
class SnapshotServiceClientTest {

    private final AtomicInteger asked = new AtomicInteger();
    private HttpServer registry;

    /** A registry that answers {@code failing} times with {@code failure}, then with {@code answer}. */
    private String registry(int failing, int failure, String answer) throws IOException {
        registry = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        registry.createContext("/authorizations", exchange -> {
            exchange.getRequestBody().readAllBytes();
            boolean fails = asked.incrementAndGet() <= failing;
            byte[] body = (fails ? "{}" : answer).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(fails ? failure : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        registry.start();
        return "http://127.0.0.1:" + registry.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        if (registry != null) {
            registry.stop(0);
        }
    }

    private static AuthorizationDecision ask(SnapshotServiceClient client) throws Exception {
        return client.authorize(new RunScope("acme", "support-desk"), new RunPrincipal("u-17", List.of("support-agent")),
                "orders.detail").toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aRegistryFailingOnItsDatabaseIsAskedAgainUntilItAnswers() throws Exception {
        String url = registry(3, 500, "{\"allowed\": true}");
        AuthorizationDecision decision = ask(new SnapshotServiceClient(url, Duration.ofSeconds(2), Duration.ofSeconds(20)));
        assertThat(decision.allowed()).isTrue();
        assertThat(asked).hasValue(4);
    }

    @Test
    void aRegistryStillAwayAfterThePatienceDeniesTheCall() throws Exception {
        String url = registry(Integer.MAX_VALUE, 503, "{}");
        AuthorizationDecision decision = ask(new SnapshotServiceClient(url, Duration.ofSeconds(2), Duration.ofMillis(700)));
        assertThat(decision.allowed()).isFalse();
        assertThat(decision.rule()).isEqualTo(DenialRule.AUTHORIZATION_UNAVAILABLE);
        assertThat(asked.get()).as("asked again meanwhile").isGreaterThan(1);
    }

    @Test
    void anUnreachableRegistryDeniesOnceThePatienceIsUp() throws Exception {
        String url = registry(0, 200, "{}");
        registry.stop(0);
        registry = null;
        AuthorizationDecision decision = ask(new SnapshotServiceClient(url, Duration.ofSeconds(2), Duration.ofMillis(500)));
        assertThat(decision.allowed()).isFalse();
        assertThat(decision.rule()).isEqualTo(DenialRule.AUTHORIZATION_UNAVAILABLE);
    }

    @Test
    void aRefusalOrAnythingButAnExplicitAllowIsFinal() throws Exception {
        String url = registry(1, 400, "{}");
        AuthorizationDecision refused = ask(new SnapshotServiceClient(url, Duration.ofSeconds(2), Duration.ofSeconds(20)));
        assertThat(refused.allowed()).isFalse();
        assertThat(asked).as("a 4xx is not an outage").hasValue(1);
        AuthorizationDecision denied = ask(new SnapshotServiceClient(url, Duration.ofSeconds(2), Duration.ofSeconds(20)));
        assertThat(denied.allowed()).as("an answer without allowed=true").isFalse();
        assertThat(denied.rule()).isEqualTo(DenialRule.REGISTRY_DENIED);
    }
}
