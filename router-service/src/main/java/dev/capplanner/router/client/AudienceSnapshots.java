package dev.capplanner.router.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.eventbus.trust.ServiceCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Asks the snapshot service for an audience's current snapshot ({@code POST /snapshots}): what a
 * principal of a tenant and project may call right now, computed from the live registry. Returns
 * the snapshot's hash; the body is fetched and verified by hash like any other.
 */
public final class AudienceSnapshots {

    private final String baseUrl;
    private final Duration timeout;
    private final HttpClient client;
    private final ObjectMapper json = new ObjectMapper();
    private final ServiceCredentials credentials;

    /** @param credentials what the router presents to the snapshot service (scope {@code snapshots:audience}) */
    public AudienceSnapshots(String baseUrl, Duration timeout, ServiceCredentials credentials) {
        this.credentials = credentials;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** Blocking: call it from a worker thread. */
    public String hashFor(String tenantId, String projectId, List<String> roles) throws IOException, InterruptedException {
        byte[] question = json.writeValueAsBytes(Map.of("tenantId", tenantId, "projectId", projectId,
                "roles", roles == null ? List.of() : roles));
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + "/snapshots"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(question))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .timeout(timeout);
        credentials.authorizationFor(ServiceCredentials.SNAPSHOT_SERVICE).ifPresent(value -> builder.header("Authorization", value));
        HttpRequest request = builder.build();
        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IOException("snapshot service answered HTTP " + response.statusCode());
        }
        JsonNode answer = json.readTree(response.body());
        if (!answer.path("hash").isTextual()) {
            throw new UncheckedIOException(new IOException("snapshot service answered without a hash"));
        }
        return answer.path("hash").textValue();
    }
}
