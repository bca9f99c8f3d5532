package dev.capplanner.testing.quarkus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.testing.http.LoopbackHttp;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback stand-in for the snapshot service in one service's own test: it serves the bodies a
 * test registers by hash and answers authorization questions from a set the test controls, and it
 * records what it was asked. Its URL goes to the configuration property named by the init argument
 * {@code property} (e.g. {@code router.snapshot-service.url}). The end-to-end test runs the real
 * snapshot service.
 */
public class SnapshotServiceTestResource implements QuarkusTestResourceLifecycleManager {

    public static final Map<String, byte[]> BODIES = new ConcurrentHashMap<>();
    /** "tenant user capability" triples the registry currently allows. */
    public static final Set<String> ALLOWED = ConcurrentHashMap.newKeySet();
    public static final List<String> QUESTIONS = new CopyOnWriteArrayList<>();
    /** "tenant user" keys troubleshooting is on for. */
    public static final Set<String> TROUBLESHOOTING = ConcurrentHashMap.newKeySet();

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The snapshot hash each audience ("tenant project role,role" with sorted roles) currently has. */
    public static final Map<String, String> AUDIENCES = new ConcurrentHashMap<>();

    /** Names the audience's current snapshot, as the real service's {@code POST /snapshots} would. */
    public static void audience(String tenant, String project, List<String> roles, String hash) {
        AUDIENCES.put(audienceKey(tenant, project, roles), hash);
    }

    private static String audienceKey(String tenant, String project, List<String> roles) {
        return tenant + " " + project + " " + String.join(",", new java.util.TreeSet<>(roles));
    }

    /** The services whose verified tokens the stand-in saw, in order ("router-service GET /snapshots/..."). */
    public static final List<String> CALLERS = new CopyOnWriteArrayList<>();

    /** How many body requests were served, by hash. */
    public static final Map<String, Integer> FETCHES = new ConcurrentHashMap<>();
    /** How many more body requests of a hash answer 503, as a snapshot service whose database is away. */
    public static final Map<String, Integer> UNAVAILABLE = new ConcurrentHashMap<>();

    private HttpServer server;
    private String property = "executor.snapshot-service.url";

    @Override
    public void init(Map<String, String> initArgs) {
        property = initArgs.getOrDefault("property", property);
    }

    /** Serves the body under its own hash, as the real service stores it. */
    public static String register(byte[] body) {
        String hash = CanonicalJson.sha256(body);
        BODIES.put(hash, body);
        return hash;
    }

    /** Serves a body under a hash that is not its own, as a tampered store would. */
    public static void registerTampered(String hash, byte[] body) {
        BODIES.put(hash, body);
    }

    public static void allow(String tenant, String user, String capability) {
        ALLOWED.add(tenant + " " + user + " " + capability);
    }

    public static void revoke(String tenant, String user, String capability) {
        ALLOWED.remove(tenant + " " + user + " " + capability);
    }

    @Override
    public Map<String, String> start() {
        server = LoopbackHttp.start();
        server.createContext("/snapshots/", exchange -> {
            if (!authenticated(exchange)) {
                return;
            }
            String hash = exchange.getRequestURI().getPath().substring("/snapshots/".length());
            FETCHES.merge(hash, 1, Integer::sum);
            if (UNAVAILABLE.getOrDefault(hash, 0) > 0) {
                UNAVAILABLE.merge(hash, -1, Integer::sum);
                respond(exchange, 503, "{}".getBytes(StandardCharsets.UTF_8));
                return;
            }
            byte[] body = BODIES.get(hash);
            respond(exchange, body == null ? 404 : 200, body == null ? "{}".getBytes(StandardCharsets.UTF_8) : body);
        });
        server.createContext("/snapshots", exchange -> {
            if (!authenticated(exchange)) {
                return;
            }
            JsonNode question = JSON.readTree(exchange.getRequestBody());
            List<String> roles = new java.util.ArrayList<>();
            question.path("roles").forEach(role -> roles.add(role.asText()));
            String hash = AUDIENCES.get(audienceKey(question.path("tenantId").asText(),
                    question.path("projectId").asText(), roles));
            respond(exchange, hash == null ? 500 : 200, JSON.writeValueAsBytes(hash == null ? Map.of()
                    : Map.of("hash", hash, "tenantId", question.path("tenantId").asText(),
                            "projectId", question.path("projectId").asText())));
        });
        server.createContext("/authorizations/troubleshooting", exchange -> {
            if (!authenticated(exchange)) {
                return;
            }
            JsonNode question = JSON.readTree(exchange.getRequestBody());
            boolean on = TROUBLESHOOTING.contains(question.path("tenantId").asText() + " "
                    + question.path("userId").asText());
            respond(exchange, 200, JSON.writeValueAsBytes(Map.of("on", on)));
        });
        server.createContext("/authorizations", exchange -> {
            if (!authenticated(exchange)) {
                return;
            }
            JsonNode question = JSON.readTree(exchange.getRequestBody());
            String key = question.path("tenantId").asText() + " " + question.path("principal").path("userId").asText()
                    + " " + question.path("capability").asText();
            QUESTIONS.add(key);
            boolean allowed = ALLOWED.contains(key);
            respond(exchange, 200, JSON.writeValueAsBytes(allowed ? Map.of("allowed", true)
                    : Map.of("allowed", false, "reason", "missing permission test:read")));
        });
        return Map.of(property, LoopbackHttp.url(server));
    }

    /**
     * As the real service, the stand-in answers only a service token of a known caller (the tests'
     * keys under {@code services/}): a client that forgets its credential fails its tests here.
     */
    private static boolean authenticated(HttpExchange exchange) throws IOException {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        String caller = header == null || !header.startsWith("Bearer ") ? null : TestServiceKeys.callerOf(
                header.substring("Bearer ".length()), "snapshot-service");
        if (caller == null) {
            exchange.getRequestBody().readAllBytes();
            respond(exchange, 401, "{\"error\":\"no valid service token\"}".getBytes(StandardCharsets.UTF_8));
            return false;
        }
        CALLERS.add(caller + " " + exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
        return true;
    }

    private static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
        LoopbackHttp.respondJson(exchange, status, body);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
