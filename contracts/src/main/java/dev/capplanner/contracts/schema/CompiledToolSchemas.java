package dev.capplanner.contracts.schema;

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

    private final Cache<String, ToolArgumentValidation.Compiled> compiled;
    private final AtomicLong compilations = new AtomicLong();

    public CompiledToolSchemas(int capacity) {
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.compiled = Caffeine.newBuilder().maximumSize(capacity).executor(Runnable::run).build();
    }

    /** The schema, compiled. */
    public ToolArgumentValidation.Compiled of(Map<String, Object> schema) {
        return compiled.get(CanonicalJson.sha256(CanonicalJson.bytes(schema)), hash -> {
            compilations.incrementAndGet();
            return ToolArgumentValidation.compile(schema);
        });
    }

    /** How many schemas were compiled (cache misses). */
    public long compilations() {
        return compilations.get();
    }
}
