package dev.capplanner.gateway.mcp;

import dev.capplanner.gateway.config.GatewayConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The MCP face's clients of the router and the executor (traced Quarkus REST clients). No redirect is
 * followed: it would hand the caller's token to another host.
 */
@ApplicationScoped
public class McpBeans {

    @Produces
    @Singleton
    RouterToolsApi routerTools(GatewayConfig config) {
        return client(config.routerUrl(), config.apiTimeout(), RouterToolsApi.class);
    }

    @Produces
    @Singleton
    ExecutorArtifactsApi executorArtifacts(GatewayConfig config) {
        return client(config.executorUrl(), config.apiTimeout(), ExecutorArtifactsApi.class);
    }

    private static <T> T client(String url, Duration timeout, Class<T> api) {
        return QuarkusRestClientBuilder.newBuilder().baseUri(URI.create(url))
                .connectTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .followRedirects(false).build(api);
    }
}
