package dev.capplanner.planner.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.schema.ToolArgumentValidation;
import dev.capplanner.planner.validation.ArgumentSchema;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * JSON Schema 2020-12 with vertx-json-schema; every error with its instance location. Each input
 * schema is compiled once, keyed by the hash of its canonical form (so the same capability schema
 * from another snapshot, or with its keys in another order, is not compiled again); past
 * {@code capacity} compiled schemas, the least used are dropped first.
 */
public final class JsonSchemaArguments implements ArgumentSchema {

    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private final Cache<String, ToolArgumentValidation.Compiled> compiled;
    private final AtomicLong compilations = new AtomicLong();

    public JsonSchemaArguments() {
        this(1024);
    }

    public JsonSchemaArguments(int capacity) {
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.compiled = Caffeine.newBuilder().maximumSize(capacity).executor(Runnable::run).build();
    }

    @Override
    public List<String> violations(Map<String, Object> inputSchema, Map<String, Object> arguments) {
        return compiledFor(inputSchema).errors(arguments).stream()
                .map(e -> e.getInstanceLocation() + ": " + e.getError()).distinct().toList();
    }

    /** How many schemas were compiled (cache misses). */
    public long compilations() {
        return compilations.get();
    }

    private ToolArgumentValidation.Compiled compiledFor(Map<String, Object> inputSchema) {
        return compiled.get(fingerprint(inputSchema), hash -> {
            compilations.incrementAndGet();
            return ToolArgumentValidation.compile(inputSchema);
        });
    }

    static String fingerprint(Map<String, Object> schema) {
        try {
            byte[] canonical = CANONICAL.writeValueAsString(schema).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot fingerprint an input schema", e);
        }
    }
}
