package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.contracts.egress.EgressPolicy;
import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.client.McpToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTargets;
import dev.capplanner.executor.targets.RegistryRevisionWatch;
import dev.capplanner.testing.http.LoopbackHttp;
import dev.capplanner.testing.mcp.TokenGuardedMcpServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls to sources that demand a credential, through targets the registry names: a stand-in API
 * that answers 401 without its key, and a stand-in MCP server (streamable HTTP) that answers 401
 * without its bearer token. The secret comes from the owning tenant's directory, is rotated without
 * a restart, and is never another tenant's.
 */
class CredentialedCallsTest {

    private static final RunScope ACME = new RunScope("acme", "desk");
    private static final RunScope GLOBEX = new RunScope("globex", "desk");

    @TempDir
    Path secretsDirectory;

    private HttpServer api;
    private TokenGuardedMcpServer mcp;
    private final List<String> apiKeysSeen = new CopyOnWriteArrayList<>();
    private volatile String acceptedKey = "k-acme-1";
    private final Map<RunScope, TargetAnswer> registered = new ConcurrentHashMap<>();

    @BeforeEach
    void startStandIns() throws IOException {
        api = LoopbackHttp.start();
        api.createContext("/v1/orders/", exchange -> {
            String key = exchange.getRequestHeaders().getFirst("X-Api-Key");
            String query = exchange.getRequestURI().getRawQuery();
            String queried = query != null && query.startsWith("key=") ? query.substring(4) : null;
            apiKeysSeen.add(key != null ? key : String.valueOf(queried));
            boolean authenticated = acceptedKey.equals(key) || acceptedKey.equals(queried);
            LoopbackHttp.respondJson(exchange, authenticated ? 200 : 401, (authenticated
                    ? "{\"id\":\"O-1\",\"status\":\"shipped\"}" : "{\"error\":\"missing or wrong key\"}")
                    .getBytes(StandardCharsets.UTF_8));
        });
        mcp = new TokenGuardedMcpServer("t-acme");
        writeSecret("acme", "crm-key", "k-acme-1");
        writeSecret("globex", "crm-key", "k-globex");
        writeSecret("acme", "desk-token", "t-acme");
    }

    @AfterEach
    void stop() {
        api.stop(0);
        mcp.close();
    }

    private void writeSecret(String tenant, String name, String value) throws IOException {
        Path file = secretsDirectory.resolve(tenant).resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, value);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(apiKeysSeen.size() + 1)));
    }

    private CallTargets targets() {
        return new CallTargets(Map.of(), Optional.of((owner, target) -> java.util.concurrent.CompletableFuture
                .completedFuture(Optional.ofNullable(registered.get(owner)).filter(a -> a.target().equals(target)))),
                new EgressPolicy(List.of("127.0.0.1"), true, java.net.InetAddress::getAllByName),
                new RegistryRevisionWatch(), Duration.ofSeconds(5), Runnable::run);
    }

    private TenantSecrets secrets() {
        return new TenantSecrets(Optional.of(secretsDirectory), name -> null);
    }

    private static ToolResponse get(HttpToolInvoker invoker, RunScope owner) {
        return invoker.invoke(new ToolEndpoint("crm", "GET", "/v1/orders/{orderId}", owner), Map.of("orderId", "O-1"))
                .toCompletableFuture().join();
    }

    private static CredentialReference apiKey(String in, String name) {
        return new CredentialReference("api-key", in, name, null, "file:crm-key");
    }

    @Test
    void anApiDemandingAKeyAnswers401WithoutItAndTheDataWithIt() {
        String url = LoopbackHttp.url(api);
        registered.put(ACME, new TargetAnswer("crm", url, TargetAnswer.HTTP, null, 1));
        HttpToolInvoker invoker = new HttpToolInvoker(targets(), secrets());
        assertThat(get(invoker, ACME).failure()).as("registered without a credential").isEqualTo("HTTP 401");

        HttpToolInvoker withKey = new HttpToolInvoker(targets(), secrets());
        registered.put(ACME, new TargetAnswer("crm", url, TargetAnswer.HTTP, apiKey("header", "X-Api-Key"), 2));
        ToolResponse answered = get(withKey, ACME);
        assertThat(answered.successful()).isTrue();
        assertThat(answered.body()).isEqualTo(Map.of("id", "O-1", "status", "shipped"));
        assertThat(apiKeysSeen).endsWith("k-acme-1");
    }

    @Test
    void aKeyInTheQueryIsSentThereAndEachTenantSendsItsOwn() {
        String url = LoopbackHttp.url(api);
        registered.put(ACME, new TargetAnswer("crm", url, TargetAnswer.HTTP, apiKey("query", "key"), 1));
        registered.put(GLOBEX, new TargetAnswer("crm", url, TargetAnswer.HTTP, apiKey("query", "key"), 1));
        HttpToolInvoker invoker = new HttpToolInvoker(targets(), secrets());
        assertThat(get(invoker, ACME).successful()).isTrue();
        assertThat(get(invoker, GLOBEX).failure()).as("globex's key is not acme's account").isEqualTo("HTTP 401");
        assertThat(apiKeysSeen).containsExactly("k-acme-1", "k-globex");
    }

    @Test
    void aRotatedSecretIsSentFromTheNextCallOnWithoutARestart() throws IOException {
        registered.put(ACME, new TargetAnswer("crm", LoopbackHttp.url(api), TargetAnswer.HTTP,
                apiKey("header", "X-Api-Key"), 1));
        HttpToolInvoker invoker = new HttpToolInvoker(targets(), secrets());
        assertThat(get(invoker, ACME).successful()).isTrue();
        acceptedKey = "k-acme-2";
        assertThat(get(invoker, ACME).failure()).as("the API rotated first").isEqualTo("HTTP 401");
        writeSecret("acme", "crm-key", "k-acme-2");
        assertThat(get(invoker, ACME).successful()).isTrue();
        assertThat(apiKeysSeen).containsExactly("k-acme-1", "k-acme-1", "k-acme-2");
    }

    @Test
    void aSourcesPathCannotTakeTheCredentialToAnotherHostOrPort() {
        registered.put(ACME, new TargetAnswer("crm", LoopbackHttp.url(api), TargetAnswer.HTTP,
                apiKey("header", "X-Api-Key"), 1));
        HttpToolInvoker invoker = new HttpToolInvoker(targets(), secrets());
        for (String path : new String[] {"@evil.example/v1/orders/{orderId}", ".evil.example/v1/orders/{orderId}",
                ":1/v1/orders/{orderId}", "//evil.example/v1/orders/{orderId}"}) {
            ToolResponse response = invoker.invoke(new ToolEndpoint("crm", "GET", path, ACME), Map.of("orderId", "O-1"))
                    .toCompletableFuture().join();
            // refused as a path template first; the host check behind it would refuse it too
            assertThat(response.failure()).as(path).startsWith("the endpoint's path ")
                    .containsAnyOf(" would leave the host of target crm", "template is refused");
        }
        assertThat(apiKeysSeen).as("nothing was sent").isEmpty();
    }

    @Test
    void aMissingSecretFailsTheCallBeforeAnythingIsSent() throws IOException {
        registered.put(ACME, new TargetAnswer("crm", LoopbackHttp.url(api), TargetAnswer.HTTP,
                new CredentialReference("bearer", null, null, null, "file:absent"), 1));
        ToolResponse response = get(new HttpToolInvoker(targets(), secrets()), ACME);
        assertThat(response.failure()).isEqualTo("credential file:absent is not available: no such file");
        assertThat(apiKeysSeen).isEmpty();
    }

    @Test
    void anMcpServerDemandingABearerTokenIsCalledWithIt() {
        String url = mcp.url();
        try (McpToolInvoker anonymous = new McpToolInvoker(targets(), secrets())) {
            registered.put(GLOBEX, new TargetAnswer("desk", url, TargetAnswer.MCP, null, 1));
            ToolResponse refused = anonymous.invoke(new ToolEndpoint("desk", "tools/call", "order_status", GLOBEX),
                    Map.of("orderId", "O-1")).handle((response, error) -> response).toCompletableFuture().join();
            assertThat(refused == null || !refused.successful()).as("no token, no answer").isTrue();
        }
        registered.put(ACME, new TargetAnswer("desk", url, TargetAnswer.MCP,
                new CredentialReference("bearer", null, null, null, "file:desk-token"), 1));
        try (McpToolInvoker invoker = new McpToolInvoker(targets(), secrets())) {
            ToolResponse answered = invoker.invoke(new ToolEndpoint("desk", "tools/call", "order_status", ACME),
                    Map.of("orderId", "O-1")).toCompletableFuture().join();
            assertThat(answered.successful()).isTrue();
            assertThat(answered.body()).as("a prose answer is kept as text")
                    .isEqualTo(Map.of("text", "Order O-1 shipped on 2 December."));
        }
        assertThat(mcp.authorizations()).contains("null", "Bearer t-acme").doesNotContain("Bearer k-acme-1");
    }
}
