package dev.capplanner.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Registers the demo's live sources with the snapshot service as an operator would, through the
 * admin API: the demo API by its OpenAPI document and the Shipping Desk MCP server by its streamable
 * HTTP endpoint. The demo turns then run on capabilities imported from those sources, not on a
 * hand-written catalog. The permissions are the operator's (a source declares none).
 */
final class DemoConnections {

    /** The executor target the Shipping Desk's tools are called on. */
    static final String SHIPPING_DESK_TARGET = "shipping-desk";

    private static final String DEMO_API = """
            {"id": "demo-api", "tenantId": "acme", "projectId": "support-desk", "kind": "openapi",
             "url": "%s", "target": "demo-api",
             "permissions": {"customers.search": ["customers:read"], "customers.detail": ["customers:read"],
                             "orders.list": ["orders:read"], "orders.detail": ["orders:read"]}}""";

    private static final String SHIPPING_DESK = """
            {"id": "shipping-desk", "tenantId": "acme", "projectId": "support-desk", "kind": "mcp",
             "url": "%s", "target": "%s", "defaultPermissions": ["orders:read"]}""";

    private DemoConnections() {
    }

    /** @return the snapshot service's summary of the import (one line of JSON) */
    static String registerDemoApi(ServiceProcess snapshotService, ServiceProcess demoApi, String adminToken) {
        return register(snapshotService, DEMO_API.formatted(demoApi.url("/openapi.json")), adminToken, "the demo API");
    }

    /** @return the snapshot service's summary of the import (one line of JSON) */
    static String registerShippingDesk(ServiceProcess snapshotService, ServiceProcess demoApi, String adminToken) {
        return register(snapshotService, SHIPPING_DESK.formatted(demoApi.url("/mcp"), SHIPPING_DESK_TARGET), adminToken,
                "the Shipping Desk MCP server");
    }

    private static String register(ServiceProcess snapshotService, String body, String adminToken, String source) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(snapshotService.url("/admin/connections")))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + adminToken)
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new IllegalStateException("registering " + source + " failed: HTTP " + response.statusCode() + " "
                        + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException("the snapshot service did not answer the registration of " + source, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while registering " + source, e);
        }
    }
}
