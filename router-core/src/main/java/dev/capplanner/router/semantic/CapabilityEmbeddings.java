package dev.capplanner.router.semantic;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Capability vectors cached by the hash of the text they embed (model id, name, description,
 * aliases): computed once per capability content, never per turn, and shared by every snapshot
 * that contains the same capability. At most {@link #DEFAULT_CAPACITY} vectors (about 1.6 KB each
 * for a 384-dimension model) are kept, the least used leaving first, so a router that
 * sees many catalogs over its life does not grow without bound.
 */
public final class CapabilityEmbeddings {

    public static final int DEFAULT_CAPACITY = 20_000;

    private final TextEmbedder embedder;
    private final Cache<String, float[]> vectors;
    private final AtomicLong computed = new AtomicLong();

    public CapabilityEmbeddings(TextEmbedder embedder) {
        this(embedder, DEFAULT_CAPACITY);
    }

    public CapabilityEmbeddings(TextEmbedder embedder, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.embedder = embedder;
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.vectors = Caffeine.newBuilder().maximumSize(capacity).executor(Runnable::run).build();
    }

    public float[] vectorOf(Capability capability) {
        return vectorOf(capability, capability.description());
    }

    /** The vector of the capability read with this description (its source's boilerplate left out). */
    public float[] vectorOf(Capability capability, String description) {
        String text = text(capability, description);
        String key = CanonicalJson.sha256((embedder.modelId() + "\n" + text).getBytes(StandardCharsets.UTF_8));
        // Not vectors.get(key, loader): a loader runs under the lock of the key's hash bin, so an
        // embedding (milliseconds) would hold up other keys; two threads may rarely embed one text twice.
        float[] vector = vectors.getIfPresent(key);
        if (vector == null) {
            vector = embedder.embed(text);
            computed.incrementAndGet();
            vectors.put(key, vector);
        }
        return vector;
    }

    public float[] embedQuestion(String question) {
        return embedder.embed(question);
    }

    /** How many capability vectors are held now. */
    public long held() {
        vectors.cleanUp();
        return vectors.estimatedSize();
    }

    /** How many capability vectors were computed (cache misses). */
    public long computed() {
        return computed.get();
    }

    /**
     * The text a capability's vector embeds. Readable words only: identifiers are split, so
     * "customers.search" reads "customers search".
     */
    public static String text(Capability capability, String description) {
        String name = capability.name().replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("[^\\p{L}\\p{N}]+", " ").trim();
        String aliases = capability.aliases().isEmpty() ? "" : " (" + String.join(", ", capability.aliases()) + ")";
        return name + ": " + description + aliases;
    }
}
