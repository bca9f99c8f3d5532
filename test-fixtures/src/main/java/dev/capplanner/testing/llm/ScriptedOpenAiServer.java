package dev.capplanner.testing.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An OpenAI-compatible chat-completions endpoint that answers with scripted assistant messages, in
 * order, and records every request body: the LLM router and the LLM planner are tested over real
 * HTTP with the real quarkus-langchain4j client, without a model. Init arg {@code enable}: the
 * property that switches the service's LLM path on. No scripted answer left: HTTP 503, as a provider
 * that is down.
 */
public class ScriptedOpenAiServer implements QuarkusTestResourceLifecycleManager {

    public static final BlockingQueue<String> ANSWERS = new LinkedBlockingQueue<>();
    public static final List<String> REQUESTS = new CopyOnWriteArrayList<>();
    /**
     * A request whose body contains one of these markers (e.g. a system prompt's first words) is
     * answered from that marker's own queue (503 when it is empty) and recorded under the marker, not
     * in {@link #REQUESTS}: one service asking a model for two things gets each its own script.
     */
    public static final Map<String, BlockingQueue<String>> ANSWERS_FOR = new java.util.concurrent.ConcurrentHashMap<>();
    public static final Map<String, List<String>> REQUESTS_FOR = new java.util.concurrent.ConcurrentHashMap<>();
    private static final ObjectMapper JSON = new ObjectMapper();
    private HttpServer server;
    private String enable = "router.llm.enabled";

    @Override
    public void init(Map<String, String> initArgs) {
        enable = initArgs.getOrDefault("enable", enable);
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the scripted model endpoint", e);
        }
        server.createContext("/v1/chat/completions", exchange -> {
            String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String marker = ANSWERS_FOR.keySet().stream().filter(request::contains).findFirst().orElse(null);
            String content;
            if (marker != null) {
                REQUESTS_FOR.computeIfAbsent(marker, m -> new CopyOnWriteArrayList<>()).add(request);
                content = ANSWERS_FOR.get(marker).poll();
            } else {
                REQUESTS.add(request);
                content = ANSWERS.poll();
            }
            if (content == null) {
                exchange.sendResponseHeaders(503, -1);
                exchange.close();
                return;
            }
            byte[] body = JSON.writeValueAsBytes(Map.of("id", "chatcmpl-1", "object", "chat.completion", "created", 0,
                    "model", "scripted", "choices", List.of(Map.of("index", 0, "finish_reason", "stop",
                            "message", Map.of("role", "assistant", "content", content))),
                    "usage", Map.of("prompt_tokens", 1, "completion_tokens", 1, "total_tokens", 2)));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return Map.of(enable, "true",
                "quarkus.langchain4j.openai.base-url", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/",
                "quarkus.langchain4j.openai.api-key", "test-key",
                "quarkus.langchain4j.openai.max-retries", "1");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
