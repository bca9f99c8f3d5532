package dev.capplanner.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Registers the demo API with the snapshot service as an operator would, through the admin API and
 * by its OpenAPI document: the demo turns then run on capabilities imported from the live source,
 * not on a hand-written catalog. The permissions are the operator's (a document declares none).
 */
final class DemoConnections {

    private static final String DEMO_API = """
            {"id": "demo-api", "tenantId": "acme", "projectId": "support-desk", "kind": "openapi",
             "url": "%s", "target": "demo-api",
             "permissions": {"customers.search": ["customers:read"], "customers.detail": ["customers:read"],
                             "orders.list": ["orders:read"], "orders.detail": ["orders:read"]}}""";

    private DemoConnections() {
    }

    /** @return the snapshot service's summary of the import (one line of JSON) */
    static String registerDemoApi(ServiceProcess snapshotService, ServiceProcess demoApi, String adminToken) {
        String body = DEMO_API.formatted(demoApi.url("/openapi.json"));
        HttpRequest request = HttpRequest.newBuilder(URI.create(snapshotService.url("/admin/connections")))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + adminToken)
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new IllegalStateException("registering the demo API failed: HTTP " + response.statusCode() + " "
                        + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException("the snapshot service did not answer the demo API's registration", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while registering the demo API", e);
        }
    }
}
