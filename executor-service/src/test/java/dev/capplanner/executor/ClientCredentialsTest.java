package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.contracts.egress.EgressPolicy;
import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.client.OidcClientTokens;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTargets;
import dev.capplanner.executor.targets.RegistryRevisionWatch;
import dev.capplanner.testing.http.LoopbackHttp;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.quarkus.oidc.client.OidcClients;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OAuth 2 client credentials through quarkus-oidc-client, in the executor as it runs: a stand-in
 * authorization server grants short-lived tokens to a client authenticated with its secret, and a
 * stand-in API answers only the token it granted. The client secret goes to the token endpoint,
 * never to the API; a token is kept while valid and fetched again when it expired.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(DemoTargetTestResource.class)
@QuarkusTestResource(SnapshotServiceTestResource.class)
@QuarkusTestResource(ReferenceMcpServerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class ClientCredentialsTest {

    private static final String CLIENT_SECRET = "s3cr3t-client-7d41";
    private static final RunScope ACME = new RunScope("acme", "desk");

    @Inject
    OidcClients oidcClients;

    @TempDir
    Path secretsDirectory;

    private HttpServer authorizationServer;
    private HttpServer api;
    private final AtomicInteger granted = new AtomicInteger();
    private final List<String> tokenRequests = new CopyOnWriteArrayList<>();
    private final List<String> apiAuthorizations = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        authorizationServer = LoopbackHttp.start();
        authorizationServer.createContext("/oauth/token", exchange -> {
            String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String basic = exchange.getRequestHeaders().getFirst("Authorization");
            tokenRequests.add(form);
            boolean client = ("Basic " + Base64.getEncoder().encodeToString(("desk-client:" + CLIENT_SECRET)
                    .getBytes(StandardCharsets.UTF_8))).equals(basic);
            if (!client || !form.contains("grant_type=client_credentials")) {
                LoopbackHttp.respondJson(exchange, 401, "{\"error\":\"invalid_client\"}".getBytes(StandardCharsets.UTF_8));
                return;
            }
            LoopbackHttp.respondJson(exchange, 200, ("{\"access_token\":\"tok-" + granted.incrementAndGet()
                    + "\",\"token_type\":\"Bearer\",\"expires_in\":2}").getBytes(StandardCharsets.UTF_8));
        });
        api = LoopbackHttp.start();
        api.createContext("/v1/orders/", exchange -> {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            apiAuthorizations.add(String.valueOf(authorization));
            boolean valid = ("Bearer tok-" + granted.get()).equals(authorization);
            LoopbackHttp.respondJson(exchange, valid ? 200 : 401, (valid ? "{\"id\":\"O-1\"}" : "{}")
                    .getBytes(StandardCharsets.UTF_8));
        });
        Path secret = secretsDirectory.resolve("acme").resolve("desk-client-secret");
        Files.createDirectories(secret.getParent());
        Files.writeString(secret, CLIENT_SECRET);
    }

    @AfterEach
    void stop() {
        authorizationServer.stop(0);
        api.stop(0);
    }

    private HttpToolInvoker invoker(String tokenUrl) {
        TargetAnswer target = new TargetAnswer("orders", LoopbackHttp.url(api), TargetAnswer.HTTP,
                CredentialReference.clientCredentials(tokenUrl, "desk-client", "file:desk-client-secret",
                        List.of("orders.read")), 1);
        CallTargets targets = new CallTargets(Map.of(), Optional.of((owner, name) ->
                CompletableFuture.completedFuture(Optional.of(target))),
                new EgressPolicy(List.of("127.0.0.1"), true, java.net.InetAddress::getAllByName),
                new RegistryRevisionWatch(), Duration.ofSeconds(5), Runnable::run);
        return new HttpToolInvoker(targets, new TenantSecrets(Optional.of(secretsDirectory), name -> null),
                new OidcClientTokens(oidcClients, Duration.ofSeconds(5)), HttpToolInvoker.DEFAULT_MAX_RESPONSE_BYTES);
    }

    private static ToolResponse call(HttpToolInvoker invoker) {
        return invoker.invoke(new ToolEndpoint("orders", "GET", "/v1/orders/{orderId}", ACME), Map.of("orderId", "O-1"))
                .toCompletableFuture().join();
    }

    @Test
    void aTokenFetchedWithTheClientSecretIsSentKeptWhileValidAndFetchedAgainWhenExpired() throws Exception {
        HttpToolInvoker invoker = invoker(LoopbackHttp.url(authorizationServer) + "/oauth/token");
        assertThat(call(invoker).successful()).isTrue();
        assertThat(call(invoker).successful()).isTrue();
        assertThat(granted).as("one token for both calls").hasValue(1);
        assertThat(tokenRequests).singleElement().satisfies(form -> assertThat(form)
                .contains("grant_type=client_credentials").contains("scope=orders.read"));

        Thread.sleep(3_500); // expiry is kept in whole seconds
        assertThat(call(invoker).successful()).as("after expiry, a new token").isTrue();
        assertThat(granted).hasValue(2);
        assertThat(apiAuthorizations).containsExactly("Bearer tok-1", "Bearer tok-1", "Bearer tok-2")
                .noneMatch(header -> header.contains(CLIENT_SECRET));
    }

    @Test
    void aRefusedClientFailsTheCallWithoutTheSecretAndSendsNothingToTheApi() {
        HttpToolInvoker invoker = invoker(LoopbackHttp.url(authorizationServer) + "/oauth/wrong-endpoint");
        ToolResponse response = call(invoker);
        assertThat(response.successful()).isFalse();
        assertThat(response.failure()).startsWith("the credential of target orders could not be had")
                .doesNotContain(CLIENT_SECRET);
        assertThat(apiAuthorizations).isEmpty();
    }
}
