package dev.capplanner.executor.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.snapshotservice.AudienceRequest;
import dev.capplanner.contracts.snapshotservice.AuthorizationQuestion;
import dev.capplanner.contracts.snapshotservice.TargetQuestion;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import io.smallrye.mutiny.Uni;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The last-mile question over a real loopback round trip, outside a Quarkus application (where the
 * service's REST client cannot be built): what the benchmark measured before the client moved keeps
 * its meaning, one HTTP exchange per call.
 */
final class LoopbackSnapshotService implements SnapshotServiceApi {

    private final String baseUrl;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json = new ObjectMapper();

    LoopbackSnapshotService(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    @Override
    public Uni<RestResponse<byte[]>> authorize(AuthorizationQuestion question) {
        byte[] body;
        try {
            body = json.writeValueAsBytes(question);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/authorizations"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(5)).build();
        return Uni.createFrom().completionStage(() -> client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
                .map(response -> RestResponse.ResponseBuilder.<byte[]>create(response.statusCode()).entity(response.body()).build());
    }

    @Override
    public Uni<RestResponse<byte[]>> snapshot(String hash) {
        throw new UnsupportedOperationException("the benchmark asks for authorizations only");
    }

    @Override
    public Uni<RestResponse<byte[]>> currentSnapshot(AudienceRequest audience) {
        throw new UnsupportedOperationException("the benchmark asks for authorizations only");
    }

    @Override
    public Uni<RestResponse<byte[]>> troubleshooting(dev.capplanner.contracts.snapshotservice.TroubleshootingQuestion question) {
        throw new UnsupportedOperationException("the benchmark's calls all answer");
    }

    @Override
    public Uni<RestResponse<byte[]>> target(TargetQuestion question) {
        throw new UnsupportedOperationException("the benchmark's target is configured");
    }
}
