package dev.capplanner.localstack.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Registers the demo's live sources with the snapshot service as an operator would, through the
 * admin API: the demo API by its OpenAPI document, the Shipping Desk MCP server by its streamable
 * HTTP endpoint, and the help center's knowledge-base search endpoint (with the permissions they
 * require granted to the demo's agents); then the demo's capability plans over them. The demo turns then run on capabilities imported from those sources, not on a
 * hand-written catalog. The permissions are the operator's (a source declares none).
 */
public final class DemoConnections {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The executor target the Shipping Desk's tools are called on. */
    static final String SHIPPING_DESK_TARGET = "shipping-desk";

    private static final String DEMO_API = """
            {"id": "demo-api", "tenantId": "acme", "projectId": "support-desk", "kind": "openapi",
             "url": "%s", "target": "demo-api", "hiddenArguments": {"tenant": "tenant"},
             "permissions": {"customers.search": ["customers:read"], "customers.detail": ["customers:read"],
                             "orders.list": ["orders:read"], "orders.detail": ["orders:read"],
                             "shipments.list": ["orders:read"], "shipments.detail": ["orders:read"],
                             "invoices.list": ["billing:read"], "invoices.detail": ["billing:read"],
                             "payments.list": ["billing:read"],
                             "tickets.list": ["tickets:read"], "tickets.detail": ["tickets:read"]}}""";

    private static final String SHIPPING_DESK = """
            {"id": "shipping-desk", "tenantId": "acme", "projectId": "support-desk", "kind": "mcp",
             "url": "%s", "target": "%s", "defaultPermissions": ["orders:read"],
             "permissions": {"lookup_customer": ["customers:read"]},
             "hiddenArguments": {"tenant": "tenant"}}""";

    private static final String HELP_CENTER = """
            {"id": "help-center", "tenantId": "acme", "projectId": "support-desk", "kind": "kb",
             "url": "%s", "target": "demo-api", "defaultPermissions": ["kb:read"],
             "description": "Support articles: returns and refunds, damaged items, shipping times and carriers,\
             changing a delivery address, warranty, invoices, cancelling an order."}""";

    private DemoConnections() {
    }

    /** @return the snapshot service's summary of the registration (one line of JSON) */
    static String registerHelpCenter(ServiceProcess snapshotService, ServiceProcess demoApi, String adminToken) {
        send(snapshotService, "/admin/tenants/acme/roles/support-agent/permissions/kb:read", "PUT", "", adminToken,
                200, "the knowledge-base permission");
        return register(snapshotService, HELP_CENTER.formatted(demoApi.url("/kb/search")), adminToken,
                "the help center's knowledge base");
    }

    /**
     * Grants the demo's agents the support desk's billing and ticket reads (the seed registry grants
     * customers and orders), then registers the demo API.
     *
     * @return the snapshot service's summary of the import (one line of JSON)
     */
    static String registerDemoApi(ServiceProcess snapshotService, ServiceProcess demoApi, String adminToken) {
        for (String permission : new String[] {"billing:read", "tickets:read"}) {
            send(snapshotService, "/admin/tenants/acme/roles/support-agent/permissions/" + permission, "PUT", "",
                    adminToken, 200, "the " + permission + " permission");
        }
        return register(snapshotService, DEMO_API.formatted(demoApi.url("/openapi.json")), adminToken, "the demo API");
    }

    /** @return the snapshot service's summary of the import (one line of JSON) */
    static String registerShippingDesk(ServiceProcess snapshotService, ServiceProcess demoApi, String adminToken) {
        return register(snapshotService, SHIPPING_DESK.formatted(demoApi.url("/mcp"), SHIPPING_DESK_TARGET), adminToken,
                "the Shipping Desk MCP server");
    }

    /**
     * Registers the demo's capability plans (every {@code *.json} of the directory, in name order) for
     * the demo tenant's project, as an operator would; a plan registered before is left as it is.
     *
     * @return each plan's {@code name@version}
     */
    static List<String> registerPlans(ServiceProcess snapshotService, Path directory, String adminToken) {
        List<String> registered = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                String answer = send(snapshotService, "/admin/plans/acme/support-desk", "POST", Files.readString(file),
                        adminToken, Set.of(200, 201), "the capability plan " + file.getFileName());
                JsonNode plan = JSON.readTree(answer);
                registered.add(plan.path("name").asText() + "@" + plan.path("version").asInt());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the demo's capability plans in " + directory, e);
        }
        return registered;
    }

    /** An operator's runtime switch of the tenant's planner mode (effective from its next turn). */
    static String switchPlannerMode(ServiceProcess snapshotService, String tenant, String mode, String reason,
                                    String adminToken) {
        String body = "{\"mode\":\"" + mode + "\",\"reason\":\"" + reason.replace("\"", "'") + "\"}";
        return send(snapshotService, "/admin/planner-modes/" + tenant, "PUT", body, adminToken, 200,
                "the planner mode " + mode + " of tenant " + tenant);
    }

    static String register(ServiceProcess snapshotService, String body, String adminToken, String source) {
        return send(snapshotService, "/admin/connections", "POST", body, adminToken, 201, source);
    }

    private static String send(ServiceProcess snapshotService, String path, String method, String body,
                               String adminToken, int expected, String source) {
        return send(snapshotService, path, method, body, adminToken, Set.of(expected), source);
    }

    private static String send(ServiceProcess snapshotService, String path, String method, String body,
                               String adminToken, Set<Integer> expected, String source) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(snapshotService.url(path)))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + adminToken)
                .timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            if (!expected.contains(response.statusCode())) {
                throw new IllegalStateException("setting up " + source + " failed: HTTP " + response.statusCode() + " "
                        + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException("the snapshot service did not answer the setup of " + source, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while setting up " + source, e);
        }
    }
}
