package dev.capplanner.executor.client;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.executor.targets.ClientCredentialTokens;
import io.quarkus.oidc.client.OidcClient;
import io.quarkus.oidc.client.OidcClientConfigBuilder;
import io.quarkus.oidc.client.OidcClients;
import io.quarkus.oidc.client.Tokens;
import io.quarkus.oidc.client.runtime.OidcClientConfig;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Access tokens of the OAuth 2 client-credentials grant through quarkus-oidc-client: one client per
 * tenant, token endpoint, client id, scopes and client secret (a rotated secret makes a new client),
 * its tokens kept until they expire (or come within the client's refresh interval) and fetched
 * again then. Redirects are not followed: the client secret goes to the token endpoint the egress
 * policy allowed, and nowhere else.
 */
public final class OidcClientTokens implements ClientCredentialTokens {

    /** Clients held at once: one per tenant and connection credential; the oldest unused are closed. */
    static final int MAX_CLIENTS = 2_000;

    private final OidcClients clients;
    private final Duration timeout;
    private final Cache<Key, Client> held = Caffeine.newBuilder().maximumSize(MAX_CLIENTS).executor(Runnable::run)
            .removalListener((Key key, Client client, com.github.benmanes.caffeine.cache.RemovalCause cause) -> {
                if (client != null) {
                    client.close();
                }
            })
            .build();

    public OidcClientTokens(OidcClients clients, Duration timeout) {
        this.clients = clients;
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<String> accessToken(String tenant, CredentialReference reference, String clientSecret) {
        Key key = new Key(tenant, reference.tokenUrl(), reference.clientId(), reference.scopes(), digest(clientSecret));
        Client client = held.get(key, any -> new Client(clients.newClient(config(key, reference, clientSecret))
                .subscribeAsCompletionStage().toCompletableFuture()));
        return client.token();
    }

    private OidcClientConfig config(Key key, CredentialReference reference, String clientSecret) {
        URI tokenUrl = URI.create(reference.tokenUrl());
        OidcClientConfigBuilder builder = OidcClientConfig.builder()
                .id("capplanner-" + key.secretDigest().substring(0, 16) + "-" + Math.abs(key.hashCode()))
                .authServerUrl(tokenUrl.getScheme() + "://" + tokenUrl.getRawAuthority())
                .discoveryEnabled(false)
                .tokenPath(reference.tokenUrl())
                .followRedirects(false)
                .connectionTimeout(timeout)
                .clientId(reference.clientId())
                .credentials(clientSecret)
                .grant(OidcClientConfig.Grant.Type.CLIENT);
        if (!reference.scopes().isEmpty()) {
            builder.scopes(reference.scopes());
        }
        return builder.build();
    }

    private static String digest(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Who the tokens are for; the secret only by digest, so a rotated secret is another client. */
    private record Key(String tenant, String tokenUrl, String clientId, List<String> scopes, String secretDigest) {
    }

    /** One OIDC client and the tokens it fetched last (or is fetching). */
    private static final class Client {
        private final CompletableFuture<OidcClient> client;
        private CompletableFuture<Tokens> tokens;

        Client(CompletableFuture<OidcClient> client) {
            this.client = client;
        }

        synchronized CompletionStage<String> token() {
            CompletableFuture<Tokens> current = tokens;
            if (current == null || current.isCompletedExceptionally() || current.isDone() && stale(current.join())) {
                current = client.thenCompose(oidc -> oidc.getTokens().subscribeAsCompletionStage());
                tokens = current;
            }
            return current.thenApply(Tokens::getAccessToken);
        }

        private static boolean stale(Tokens held) {
            return held.isAccessTokenExpired() || held.isAccessTokenWithinRefreshInterval();
        }

        void close() {
            client.thenAccept(oidc -> {
                try {
                    oidc.close();
                } catch (java.io.IOException e) {
                    // Closing a client that is gone anyway: nothing to keep.
                }
            });
        }
    }
}
