package dev.capplanner.eventbus.snapshots;

import dev.capplanner.eventbus.trust.ServiceCredentials;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Builds {@link SnapshotServiceApi} clients (Quarkus REST client: traced, with client metrics and
 * the TLS configuration of the application). A redirect is never followed: the snapshot service has
 * no reason to send one, and following it would hand the service token to another host.
 */
public final class SnapshotServiceConnections {

    private SnapshotServiceConnections() {
    }

    /**
     * @param timeout     for connecting and for the whole answer
     * @param credentials what this service presents (a fresh service token on every request)
     */
    public static SnapshotServiceApi connect(String baseUrl, Duration timeout, ServiceCredentials credentials) {
        ClientRequestFilter presentCredentials = request -> credentials
                .authorizationFor(ServiceCredentials.SNAPSHOT_SERVICE)
                .ifPresent(value -> request.getHeaders().putSingle(HttpHeaders.AUTHORIZATION, value));
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(baseUrl))
                .connectTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .followRedirects(false)
                .disableDefaultMapper(true)
                .register(presentCredentials)
                .build(SnapshotServiceApi.class);
    }
}
