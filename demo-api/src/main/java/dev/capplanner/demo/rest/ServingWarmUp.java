package dev.capplanner.demo.rest;

import io.quarkus.vertx.http.HttpServerStart;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.ObservesAsync;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Once the server listens, it asks itself a search and a lookup a few times, so the first call an
 * executor makes does not pay for loading and compiling the request path (measured: the local
 * stack's first tool call took 0.5-0.75 s, later ones a few milliseconds). Ready only after.
 */
@Readiness
@ApplicationScoped
public class ServingWarmUp implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(ServingWarmUp.class);
    private static final List<String> PATHS = List.of("/customers?tenant=acme&name=Riccardo%20Lorini",
            "/customers/C-1001/orders?tenant=acme", "/orders/O-5002?tenant=acme");
    private static final int PASSES = 20;
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final boolean enabled;
    private volatile boolean done;

    public ServingWarmUp(@ConfigProperty(name = "capplanner.warm-up.enabled", defaultValue = "true") boolean enabled) {
        this.enabled = enabled;
    }

    void onListening(@ObservesAsync HttpServerStart listening) {
        long began = System.nanoTime();
        int port = listening.options().getPort();
        try {
            if (enabled && port != 0) {
                HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
                for (int pass = 0; pass < PASSES; pass++) {
                    for (String path : PATHS) {
                        client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.discarding());
                    }
                }
            }
            LOG.infof("warm_up step=serving passes=%d ms=%d", PASSES, (System.nanoTime() - began) / 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            LOG.warnf("warm_up_failed step=serving error=%s", e.getClass().getSimpleName());
        } finally {
            done = true;
        }
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("warm-up").status(done).build();
    }
}
