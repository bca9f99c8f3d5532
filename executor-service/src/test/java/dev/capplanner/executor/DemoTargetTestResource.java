package dev.capplanner.executor;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.testing.http.LoopbackHttp;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback HTTP target standing in for a target service in this service's own test: it answers
 * {@code /orders/O-5002} and records every request, so the test can prove which calls were made.
 * (The end-to-end test calls the real demo API.)
 */
public class DemoTargetTestResource implements QuarkusTestResourceLifecycleManager {

    static final List<String> REQUESTS = new CopyOnWriteArrayList<>();
    /** An answer far over the evidence budget: 300 customers named Rossi, each with a long note. */
    static final String OVERSIZED = oversized();
    private HttpServer server;

    @Override
    public Map<String, String> start() {
        server = LoopbackHttp.start();
        server.createContext("/", exchange -> {
            REQUESTS.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            String path = exchange.getRequestURI().getPath();
            String query = exchange.getRequestURI().getQuery();
            String body = path.equals("/orders/O-5002") ? "{\"id\":\"O-5002\",\"status\":\"shipped\"}"
                    : path.equals("/customers") && query != null && query.contains("name=Rossi") ? OVERSIZED
                    : path.equals("/customers") ? "{\"items\":[{\"id\":\"C-1001\",\"city\":\"Milano\"},"
                            + "{\"id\":\"C-1002\",\"city\":\"Torino\"}],\"count\":2}"
                    : null;
            LoopbackHttp.respondJson(exchange, body != null ? 200 : 404,
                    (body != null ? body : "{\"error\":\"not found\"}").getBytes(StandardCharsets.UTF_8));
        });
        return Map.of("executor.targets.demo-api.url", LoopbackHttp.url(server));
    }

    private static String oversized() {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            items.append(i == 0 ? "" : ",").append("{\"id\":\"C-").append(3000 + i).append("\",\"name\":\"Rossi\",")
                    .append("\"note\":\"").append("x".repeat(1000)).append("\"}");
        }
        return "{\"items\":[" + items + "],\"count\":300}";
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
