package dev.capplanner.eventbus.snapshots;

import dev.capplanner.contracts.trust.SnapshotBodies;
import dev.capplanner.contracts.trust.SnapshotServiceUnavailableException;
import dev.capplanner.eventbus.trust.ServiceCredentials;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Snapshot bodies from the snapshot service ({@code GET /snapshots/{hash}}), exactly as stored.
 * Non-blocking (JDK client); what the bytes are worth is decided by
 * {@link dev.capplanner.contracts.trust.VerifiedSnapshots}, never here.
 */
public final class SnapshotServiceBodies implements SnapshotBodies {

    private final String baseUrl;
    private final Duration timeout;
    private final HttpClient client;
    private final ServiceCredentials credentials;

    public SnapshotServiceBodies(String baseUrl, Duration timeout) {
        this(baseUrl, timeout, ServiceCredentials.NONE);
    }

    /** @param credentials what this service presents to the snapshot service (scope {@code snapshots:read}) */
    public SnapshotServiceBodies(String baseUrl, Duration timeout, ServiceCredentials credentials) {
        this.credentials = credentials;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    private static Throwable rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    @Override
    public CompletionStage<Optional<byte[]>> body(String hash) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + "/snapshots/" + hash)).GET()
                .header("Accept", "application/json").timeout(timeout);
        credentials.authorizationFor(ServiceCredentials.SNAPSHOT_SERVICE).ifPresent(value -> builder.header("Authorization", value));
        HttpRequest request = builder.build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).handle((response, error) -> {
            if (error != null) {
                throw new SnapshotServiceUnavailableException("snapshot service did not answer ("
                        + rootCause(error).getClass().getSimpleName() + ")");
            }
            if (response.statusCode() == 404) {
                return Optional.empty();
            }
            if (response.statusCode() != 200) {
                throw new SnapshotServiceUnavailableException("snapshot service answered HTTP " + response.statusCode());
            }
            return Optional.of(response.body());
        });
    }
}
