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
 *
 * <p>A capability's token vectors ({@link TokenVectors}, for the second stage's token-level reading)
 * come from the same run of the model as its vector and are cached the same way, bounded by the bytes
 * they hold ({@link #DEFAULT_TOKEN_BYTES}); one evicted is read again when it next reaches a reranking.
 */
public final class CapabilityEmbeddings {

    public static final int DEFAULT_CAPACITY = 20_000;
    /** At most 48 MiB of token vectors: 11,000 capabilities at the most tokens kept ({@link TokenVectors}). */
    public static final long DEFAULT_TOKEN_BYTES = 48L << 20;

    private final TextEmbedder embedder;
    private final Cache<String, float[]> vectors;
    private final Cache<String, TokenVectors> tokens;
    private final AtomicLong computed = new AtomicLong();

    public CapabilityEmbeddings(TextEmbedder embedder) {
        this(embedder, DEFAULT_CAPACITY);
    }

    public CapabilityEmbeddings(TextEmbedder embedder, int capacity) {
        this(embedder, capacity, DEFAULT_TOKEN_BYTES);
    }

    /** @param tokenBytes the most bytes of capabilities' token vectors held */
    public CapabilityEmbeddings(TextEmbedder embedder, int capacity, long tokenBytes) {
        if (capacity < 1 || tokenBytes < 1) {
            throw new IllegalArgumentException("capacity and token bytes must be at least 1");
        }
        this.embedder = embedder;
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.vectors = Caffeine.newBuilder().maximumSize(capacity).executor(Runnable::run).build();
        this.tokens = Caffeine.newBuilder().maximumWeight(tokenBytes)
                .weigher((String key, TokenVectors value) -> value.bytes()).executor(Runnable::run).build();
    }

    public float[] vectorOf(Capability capability) {
        return vectorOf(capability, capability.description());
    }

    /** The vector of the capability read with this description (its source's boilerplate left out). */
    public float[] vectorOf(Capability capability, String description) {
        String text = text(capability, description);
        String key = key(text);
        // Not vectors.get(key, loader): a loader runs under the lock of the key's hash bin, so an
        // embedding (milliseconds) would hold up other keys; two threads may rarely embed one text twice.
        float[] vector = vectors.getIfPresent(key);
        if (vector == null) {
            // one run of the model gives the tokens too: a capability reaching a reranking later finds them held
            EmbeddedText read = embedder.embedWithTokens(text);
            vector = read.vector();
            computed.incrementAndGet();
            vectors.put(key, vector);
            tokens.put(key, TokenVectors.of(read.tokens()));
        }
        return vector;
    }

    /** The token vectors of the capability read with this description (the text its vector embeds). */
    public TokenVectors tokensOf(Capability capability, String description) {
        String text = text(capability, description);
        String key = key(text);
        TokenVectors held = tokens.getIfPresent(key);
        if (held == null) {
            held = TokenVectors.of(embedder.tokenVectors(text));
            tokens.put(key, held);
        }
        return held;
    }

    /** The question's vector and its tokens' vectors, from one run of the model where it allows. */
    public EmbeddedText embedQuestion(String question) {
        return embedder.embedWithTokens(question);
    }

    /** The cache key of a text read by this model: vectors and tokens of one text share it. */
    private String key(String text) {
        return CanonicalJson.sha256((embedder.modelId() + "\n" + text).getBytes(StandardCharsets.UTF_8));
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
