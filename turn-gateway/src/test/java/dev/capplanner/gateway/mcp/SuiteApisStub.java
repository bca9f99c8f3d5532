package dev.capplanner.gateway.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the router and the executor answer the MCP face in these tests: the caller's listing
 * ({@code POST /discovery/tools}) and an artifact's rows ({@code GET /artifacts/{handle}}), each only to
 * a request that carries a bearer token; every request is recorded with the token it carried.
 */
public class SuiteApisStub implements QuarkusTestResourceLifecycleManager {

    static final String HANDLE = "art_" + "0123456789abcdef".repeat(2);
    static final List<Map<String, Object>> REQUESTS = new CopyOnWriteArrayList<>();
    static final Map<String, Object> ORDER_DETAIL = Map.of("name", "api:demo-api/orders.detail",
            "mcpName", "demo-api.orders.detail", "description", "Get one order by order id.",
            "inputSchema", Map.of("type", "object", "additionalProperties", false, "required", List.of("orderId"),
                    "properties", Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$"))),
            "family", "order", "entity", "order");
    static final Map<String, Object> CUSTOMER_SEARCH = Map.of("name", "api:demo-api/customers.search",
            "mcpName", "demo-api.customers.search", "description", "Find customers by name.",
            "inputSchema", Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string"))),
            "family", "customer", "entity", "customer");
    private static final ObjectMapper JSON = new ObjectMapper();

    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/discovery/tools", exchange -> answer(exchange, listing(read(exchange))));
        server.createContext("/artifacts/", exchange -> {
            read(exchange);
            answer(exchange, exchange.getRequestURI().getPath().endsWith(HANDLE) ? Map.of("tool", "api:demo-api/customers.search",
                    "entity", "customer", "rows", List.of(Map.of("id", "C-1001", "name", "Riccardo Lorini"),
                            Map.of("id", "C-1007", "name", "Riccardo Lorini"))) : null);
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        return Map.of("gateway.router-url", url, "gateway.executor-url", url);
    }

    @Override
    public void stop() {
        server.stop(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> listing(Map<String, Object> request) {
        Map<String, Object> body = (Map<String, Object>) request.get("body");
        List<Map<String, Object>> tools;
        if (body.get("mcpNames") instanceof List<?> names) {
            tools = List.of(ORDER_DETAIL, CUSTOMER_SEARCH).stream().filter(tool -> names.contains(tool.get("mcpName")))
                    .toList();
        } else if (body.get("query") != null) {
            Map<String, Object> ranked = new java.util.LinkedHashMap<>(CUSTOMER_SEARCH);
            ranked.put("score", 0.9);
            ranked.put("matchReason", "name: customer");
            tools = List.of(ranked);
        } else {
            tools = List.of(ORDER_DETAIL, CUSTOMER_SEARCH);
        }
        return Map.of("tools", tools, "authorizedCount", 2, "effectiveLimit", 256, "strategy", "hybrid");
    }

    private static Map<String, Object> read(HttpExchange exchange) throws IOException {
        byte[] bytes = exchange.getRequestBody().readAllBytes();
        Map<String, Object> request = new java.util.HashMap<>();
        request.put("path", exchange.getRequestURI().toString());
        request.put("authorization", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        request.put("body", bytes.length == 0 ? Map.of() : JSON.readValue(bytes, Map.class));
        REQUESTS.add(request);
        return request;
    }

    private static void answer(HttpExchange exchange, Object body) throws IOException {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        int status = authorization == null || !authorization.startsWith("Bearer ") ? 401 : body == null ? 404 : 200;
        byte[] bytes = (status == 200 ? JSON.writeValueAsString(body) : "{\"status\":" + status + "}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
