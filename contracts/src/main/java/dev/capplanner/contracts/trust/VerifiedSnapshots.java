package dev.capplanner.contracts.trust;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.CanonicalJson;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What a service may trust about a run's snapshot, and nothing an event merely asserts: the seal
 * must be the snapshot service's for this very run and principal, and the capabilities are those of
 * the body fetched by hash, whose sha256 must equal that hash. Any replica that meets a hash it has
 * not seen fetches it, so nothing depends on which replica saw the snapshot first. Verified bodies
 * are cached by hash (the least used leave first past the capacity): content-addressed, they never change.
 * Failures to trust complete exceptionally with {@link UntrustedSnapshotException}; a store that
 * cannot answer fails with its own error (a transient failure, not a verdict).
 */
public final class VerifiedSnapshots {

    private static final java.util.regex.Pattern HASH = java.util.regex.Pattern.compile("sha256:[0-9a-f]{64}");

    private final SnapshotSeals seals;
    private final SnapshotBodies bodies;
    private final ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final Cache<String, SnapshotBody> byHash;

    public VerifiedSnapshots(SnapshotSeals seals, SnapshotBodies bodies, int cacheCapacity) {
        if (cacheCapacity < 1) {
            throw new IllegalArgumentException("cache capacity must be at least 1");
        }
        this.seals = seals;
        this.bodies = bodies;
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.byHash = Caffeine.newBuilder().maximumSize(cacheCapacity).executor(Runnable::run).build();
    }

    /** The run's snapshot, once its seal (run, principal, hash) and its body (hash, tenant, project) verify. */
    public CompletionStage<SnapshotBody> forRun(RunContext run, SnapshotRef ref) {
        SealKeyRing.SealCheck seal = seals.verify(run, ref);
        if (!seal.valid()) {
            return CompletableFuture.failedFuture(new UntrustedSnapshotException(seal.reason()));
        }
        return byHash(ref.hash()).thenApply(body -> {
            if (!ref.tenantId().equals(body.tenantId()) || !ref.projectId().equals(body.projectId())
                    || !run.tenantId().equals(body.tenantId()) || !run.projectId().equals(body.projectId())) {
                throw new UntrustedSnapshotException("snapshot body belongs to another tenant or project");
            }
            return body;
        });
    }

    /** A snapshot by its content address alone: authentic content, for callers without a run. */
    public CompletionStage<SnapshotBody> byHash(String hash) {
        if (hash == null || !HASH.matcher(hash).matches()) {
            // Never put anything but a content address into the snapshot service's URL.
            return CompletableFuture.failedFuture(new UntrustedSnapshotException("not a snapshot hash"));
        }
        SnapshotBody cached = byHash.getIfPresent(hash);
        if (cached != null) {
            return CompletableFuture.completedFuture(cached);
        }
        return bodies.body(hash).thenApply(bytes -> {
            SnapshotBody body = verify(hash, bytes.orElseThrow(() -> new UntrustedSnapshotException(
                    "the snapshot service does not know snapshot " + hash)));
            byHash.put(hash, body);
            return body;
        });
    }

    /** Whether a verified body of this hash is at hand (no fetch needed). */
    public boolean isCached(String hash) {
        return byHash.getIfPresent(hash) != null;
    }

    private SnapshotBody verify(String hash, byte[] bytes) {
        if (!CanonicalJson.sha256(bytes).equals(hash)) {
            throw new UntrustedSnapshotException("snapshot body does not match its hash");
        }
        try {
            StoredBody stored = json.readValue(bytes, StoredBody.class);
            if (stored.tenantId() == null || stored.projectId() == null || stored.capabilities() == null) {
                throw new UntrustedSnapshotException("snapshot body lacks tenant, project or capabilities");
            }
            return SnapshotBody.of(hash, stored.tenantId(), stored.projectId(), stored.capabilities());
        } catch (IOException e) {
            throw new UntrustedSnapshotException("unreadable snapshot body");
        }
    }

    record StoredBody(String tenantId, String projectId, List<Capability> capabilities) {
    }
}
