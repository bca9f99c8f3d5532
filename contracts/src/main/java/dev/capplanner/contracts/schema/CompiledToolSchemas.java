package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.json.CanonicalJson;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tool schemas compiled once each, keyed by the hash of their canonical form (the same schema from
 * another snapshot, or with its keys in another order, is not compiled again); past {@code capacity}
 * compiled schemas, the least used are dropped first. Compiling a schema costs far more than
 * checking a value against it, and a turn checks the same few tools' schemas again and again.
 */
public final class CompiledToolSchemas {

    private static final ObjectMapper KEYS = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

    private final Cache<String, ToolArgumentValidation.Compiled> compiled;
    private final AtomicLong compilations = new AtomicLong();

    public CompiledToolSchemas(int capacity) {
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.compiled = Caffeine.newBuilder().maximumSize(capacity).executor(Runnable::run).build();
    }

    /** The schema, compiled. */
    public ToolArgumentValidation.Compiled of(Map<String, Object> schema) {
        return compiled.get(key(schema), hash -> {
            compilations.incrementAndGet();
            return ToolArgumentValidation.compile(schema);
        });
    }

    /**
     * The hash of the schema's text with its keys sorted and its nulls kept: the canonical form of
     * contracts leaves nulls out, and {@code {"const": null}} (only null) is not {@code {}} (anything).
     */
    static String key(Map<String, Object> schema) {
        try {
            return CanonicalJson.sha256(KEYS.writeValueAsBytes(schema));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a schema that cannot be written as JSON", e);
        }
    }

    /** How many schemas were compiled (cache misses). */
    public long compilations() {
        return compilations.get();
    }
}
