package dev.capplanner.localstack.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An OpenAI-compatible model endpoint (OpenAI, Ollama's {@code /v1}, a vLLM or LiteLLM server) that
 * the stack's router, planner and request classifier use instead of their deterministic
 * counterparts, which stay their fallback. The key is read from a file, handed to the two services
 * in their environment, and never printed or put on a command line.
 *
 * @param baseUrl the endpoint's base URL, e.g. {@code http://127.0.0.1:11434/v1}
 * @param model   the model's name, when not the services' default
 * @param apiKey  the key, when the endpoint takes one
 */
public record ModelEndpoint(URI baseUrl, Optional<String> model, Optional<String> apiKey) {

    /** The services that call a model, when one is given. */
    static final java.util.List<String> CALLERS = java.util.List.of("router-service", "planner-service");
    static final String API_KEY = "quarkus.langchain4j.openai.api-key";
    private static final int MAX_KEY_BYTES = 4096;

    /** From {@code --llm-url}, {@code --llm-model} and {@code --llm-key-file}, checked as a user gives them. */
    public static ModelEndpoint of(String url, String model, Path keyFile) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new StackOptions.UsageException("--llm-url must be an http(s) URL, e.g. http://127.0.0.1:11434/v1");
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                || uri.getUserInfo() != null || uri.getQuery() != null || uri.getFragment() != null) {
            throw new StackOptions.UsageException("--llm-url must be an http(s) URL without credentials or query,"
                    + " e.g. http://127.0.0.1:11434/v1 (the key by --llm-key-file)");
        }
        if (model != null && !model.matches("[A-Za-z0-9._:/@+-]{1,200}")) {
            throw new StackOptions.UsageException("--llm-model must be a model name (letters, digits and . _ : / @ + -)");
        }
        return new ModelEndpoint(uri, Optional.ofNullable(model), Optional.ofNullable(keyFile).map(ModelEndpoint::readKey));
    }

    private static String readKey(Path file) {
        try {
            if (Files.size(file) > MAX_KEY_BYTES) {
                throw new StackOptions.UsageException("--llm-key-file " + file + " is larger than a key");
            }
            String key = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (key.isEmpty() || key.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
                throw new StackOptions.UsageException("--llm-key-file " + file + " must hold the key alone, on one line");
            }
            return key;
        } catch (IOException e) {
            throw new StackOptions.UsageException("cannot read --llm-key-file " + file + ": " + e.getMessage());
        }
    }

    /** What a service that calls the model is configured with: the LLM paths on, pointed at this endpoint. */
    Map<String, String> configOf(String service) {
        Map<String, String> config = new LinkedHashMap<>();
        if (!CALLERS.contains(service)) {
            return config;
        }
        if (service.equals("router-service")) {
            config.put("router.llm.enabled", "true");
        } else {
            config.put("planner.llm.enabled", "true");
            config.put("planner.llm.classify", "true");
        }
        String base = baseUrl.toString();
        config.put("quarkus.langchain4j.openai.base-url", base.endsWith("/") ? base : base + "/");
        model.ifPresent(name -> config.put("quarkus.langchain4j.openai.chat-model.model-name", name));
        apiKey.ifPresent(key -> config.put(API_KEY, key));
        return config;
    }

    @Override
    public String toString() {
        return "ModelEndpoint[" + baseUrl + model.map(m -> ", model=" + m).orElse("")
                + apiKey.map(k -> ", key=***").orElse("") + "]";
    }
}
