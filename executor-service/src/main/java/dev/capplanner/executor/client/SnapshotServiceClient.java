package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.LiveAuthorization;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * The snapshot service's live authorization decision before each call. Non-blocking (JDK client);
 * snapshot bodies come from {@link dev.capplanner.eventbus.SnapshotServiceBodies}.
 */
public final class SnapshotServiceClient implements LiveAuthorization {

    private final String baseUrl;
    private final Duration timeout;
    private final HttpClient client;
    private final ObjectMapper json = new ObjectMapper();

    public SnapshotServiceClient(String baseUrl, Duration timeout) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.timeout = timeout;
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
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/authorizations"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(question))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .timeout(timeout).build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            if (response.statusCode() != 200) {
                return AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE, "authorization unavailable: HTTP " + response.statusCode());
            }
            return decision(response.body());
        });
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
