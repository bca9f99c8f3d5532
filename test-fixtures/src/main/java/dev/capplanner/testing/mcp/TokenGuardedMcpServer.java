package dev.capplanner.testing.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.capplanner.testing.http.LoopbackHttp;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in MCP server over streamable HTTP (JSON answers only) that demands a bearer token, as the
 * MCP authorization for HTTP transports has servers do: without the token every request is 401
 * with a {@code WWW-Authenticate} challenge. It offers one read-only tool, {@code order_status},
 * which answers in prose (text content), as most real servers do.
 */
public final class TokenGuardedMcpServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private volatile String token;

    public TokenGuardedMcpServer(String token) {
        this.token = token;
        this.server = LoopbackHttp.start();
        server.createContext("/mcp", this::exchange);
    }

    /** The endpoint, e.g. {@code http://127.0.0.1:41234/mcp}. */
    public String url() {
        return LoopbackHttp.url(server) + "/mcp";
    }

    /** Rotates the token the server accepts. */
    public void accept(String newToken) {
        this.token = newToken;
    }

    /** Every {@code Authorization} header it was sent ("null" for none), in order. */
    public List<String> authorizations() {
        return authorizations;
    }

    private void exchange(HttpExchange exchange) throws IOException {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        authorizations.add(String.valueOf(authorization));
        if (!("Bearer " + token).equals(authorization)) {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Bearer realm=\"desk\"");
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
            return;
        }
        if (!exchange.getRequestMethod().equals("POST")) {
            exchange.sendResponseHeaders(405, -1);
            exchange.close();
            return;
        }
        JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
        if (!request.has("id")) {
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            return;
        }
        Object result = switch (request.path("method").asText()) {
            case "initialize" -> Map.of("protocolVersion", request.path("params").path("protocolVersion").asText(),
                    "capabilities", Map.of("tools", Map.of()), "serverInfo", Map.of("name", "desk", "version", "1"));
            case "tools/list" -> Map.of("tools", List.of(Map.of("name", "order_status",
                    "description", "The shipping status of one order.",
                    "inputSchema", Map.of("type", "object", "required", List.of("orderId"),
                            "properties", Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{1,4}$",
                                    "description", "The order id, e.g. O-5002"))),
                    "annotations", Map.of("readOnlyHint", true))));
            case "tools/call" -> Map.of("content", List.of(Map.of("type", "text",
                    "text", "Order " + request.path("params").path("arguments").path("orderId").asText()
                            + " shipped on 2 December.")), "isError", false);
            default -> Map.of();
        };
        LoopbackHttp.respondJson(exchange, 200,
                JSON.writeValueAsBytes(Map.of("jsonrpc", "2.0", "id", request.get("id"), "result", result)));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
