package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.eventbus.outage.Outages;
import dev.capplanner.eventbus.trust.ServiceCredentials;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.LiveAuthorization;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * The snapshot service's live authorization decision before each call. Non-blocking (JDK client);
 * snapshot bodies come from {@link dev.capplanner.eventbus.snapshots.SnapshotServiceBodies}. A registry that
 * cannot answer (unreachable, or answering 5xx while its database is away) is asked again, backing
 * off, for up to {@code patience}; only then is the call denied. Any other answer but an explicit
 * allow denies at once.
 */
public final class SnapshotServiceClient implements LiveAuthorization {

    private static final Logger LOG = Logger.getLogger(SnapshotServiceClient.class);

    private final String baseUrl;
    private final Duration timeout;
    private final Duration patience;
    private final HttpClient client;
    private final ObjectMapper json = new ObjectMapper();
    private final ServiceCredentials credentials;

    public SnapshotServiceClient(String baseUrl, Duration timeout, Duration patience) {
        this(baseUrl, timeout, patience, ServiceCredentials.NONE);
    }

    /** @param credentials what the executor presents to the snapshot service (scope {@code authorizations}) */
    public SnapshotServiceClient(String baseUrl, Duration timeout, Duration patience, ServiceCredentials credentials) {
        this.credentials = credentials;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.timeout = timeout;
        this.patience = patience;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public CompletionStage<AuthorizationDecision> authorize(RunScope run, RunPrincipal principal, String tool) {
        byte[] question;
        try {
            question = json.writeValueAsBytes(Map.of("tenantId", run.tenantId(), "projectId", run.projectId(),
                    "principal", Map.of("userId", principal.userId(), "roles", principal.roles()), "capability", tool));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + "/authorizations"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(question))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .timeout(timeout);
        credentials.authorizationFor(ServiceCredentials.SNAPSHOT_SERVICE).ifPresent(value -> builder.header("Authorization", value));
        HttpRequest request = builder.build();
        return Uni.createFrom().completionStage(() -> client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
                .invoke(response -> {
                    if (response.statusCode() >= 500) {
                        throw new RegistryUnavailable("HTTP " + response.statusCode());
                    }
                })
                .onFailure().invoke(failure -> LOG.warnf("registry_unavailable capability=%s error=%s (asking again)",
                        tool, failure.getClass().getSimpleName()))
                .onFailure().retry().withBackOff(Outages.FIRST_RETRY, Outages.MAX_RETRY_INTERVAL).expireIn(patience.toMillis())
                .map(response -> response.statusCode() == 200 ? decision(response.body())
                        : AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE,
                                "authorization unavailable: HTTP " + response.statusCode()))
                .onFailure().recoverWithItem(failure -> AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE,
                        "authorization unavailable: " + (failure instanceof RegistryUnavailable unavailable
                                ? unavailable.getMessage() : failure.getClass().getSimpleName())))
                .subscribeAsCompletionStage();
    }

    /** The registry answered that it cannot decide now (5xx). */
    private static final class RegistryUnavailable extends RuntimeException {
        RegistryUnavailable(String message) {
            super(message, null, false, false);
        }
    }

    private AuthorizationDecision decision(byte[] body) {
        try {
            JsonNode answer = json.readTree(body);
            // Only an explicit true allows; anything else, including a malformed answer, denies.
            if (answer.path("allowed").isBoolean() && answer.path("allowed").booleanValue()) {
                return AuthorizationDecision.allow();
            }
            String reason = answer.path("reason").isTextual() ? answer.path("reason").textValue() : "not allowed";
            return AuthorizationDecision.deny(DenialRule.REGISTRY_DENIED, "registry: " + reason);
        } catch (IOException e) {
            return AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE, "authorization unavailable: unreadable answer");
        }
    }
}
