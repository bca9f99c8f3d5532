package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.eventbus.warmup.WarmUp;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The two endpoints every turn waits on, asked over this service's own HTTP port once it listens:
 * a snapshot by hash (the sample's made-up hash, which is not stored: 404) and the last-mile
 * authorization for the sample run (whatever the registry answers). Both only read. A restarted
 * snapshot service is then as quick for its first turn as for any other, whoever calls it first.
 */
@ApplicationScoped
public class RegistryEndpointsWarmUp implements WarmUp {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private volatile int port;

    @Override
    public String name() {
        return "registry-endpoints";
    }

    @Override
    public Phase phase() {
        return Phase.HTTP_LISTENING;
    }

    @Override
    public void listensOn(int port) {
        this.port = port;
    }

    @Override
    public void pass() throws Exception {
        if (port == 0) {
            return; // a random port is not reported
        }
        expect(404, HttpRequest.newBuilder(own("/snapshots/" + SampleEvents.SNAPSHOT.hash())).GET());
        String question = """
                {"tenantId":"%s","projectId":"%s","principal":{"userId":"%s","roles":[]},"capability":"%s"}"""
                .formatted(SampleEvents.RUN.tenantId(), SampleEvents.RUN.projectId(),
                        SampleEvents.RUN.principal().userId(), SampleEvents.CUSTOMERS_SEARCH.name());
        expect(200, HttpRequest.newBuilder(own("/authorizations")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(question)));
    }

    private URI own(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private void expect(int status, HttpRequest.Builder request) throws Exception {
        int answered = client.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
        if (answered != status) {
            throw new IllegalStateException("answered HTTP " + answered + ", not " + status);
        }
    }
}
