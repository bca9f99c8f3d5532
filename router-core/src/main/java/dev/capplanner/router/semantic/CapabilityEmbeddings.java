package dev.capplanner.router.semantic;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Capability vectors cached by the hash of the text they embed (model id, name, description,
 * aliases): computed once per capability content, never per turn, and shared by every snapshot
 * that contains the same capability.
 */
public final class CapabilityEmbeddings {

    private final TextEmbedder embedder;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();
    private final AtomicLong computed = new AtomicLong();

    public CapabilityEmbeddings(TextEmbedder embedder) {
        this.embedder = embedder;
    }

    public float[] vectorOf(Capability capability) {
        return vectorOf(capability, capability.description());
    }

    /** The vector of the capability read with this description (its source's boilerplate left out). */
    public float[] vectorOf(Capability capability, String description) {
        String text = text(capability, description);
        String key = CanonicalJson.sha256((embedder.modelId() + "\n" + text).getBytes(StandardCharsets.UTF_8));
        return vectors.computeIfAbsent(key, k -> {
            computed.incrementAndGet();
            return embedder.embed(text);
        });
    }

    public float[] embedQuestion(String question) {
        return embedder.embed(question);
    }

    /** How many capability vectors were computed (cache misses). */
    public long computed() {
        return computed.get();
    }

    /** Readable words only: identifiers are split, so "customers.search" reads "customers search". */
    static String text(Capability capability, String description) {
        String name = capability.name().replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("[^\\p{L}\\p{N}]+", " ").trim();
        String aliases = capability.aliases().isEmpty() ? "" : " (" + String.join(", ", capability.aliases()) + ")";
        return name + ": " + description + aliases;
    }
}
