package dev.capplanner.executor.trust;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.executor.client.SnapshotServiceClient;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What the executor trusts about a run's snapshot, and nothing an event merely asserts: the seal
 * must be the snapshot service's for this very run and principal, and the capabilities are those of
 * the body fetched by hash from the snapshot service, whose sha256 must equal that hash. A forged or
 * altered reference is rejected (the record is dead-lettered with the reason). Bodies are cached by
 * hash: content-addressed, they never change.
 */
public final class VerifiedSnapshots {

    private final SnapshotSeals seals;
    private final SnapshotServiceClient snapshotService;
    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final Map<String, List<Capability>> byHash;

    public VerifiedSnapshots(SnapshotSeals seals, SnapshotServiceClient snapshotService, int cacheCapacity) {
        this.seals = seals;
        this.snapshotService = snapshotService;
        this.byHash = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, List<Capability>> eldest) {
                return size() > cacheCapacity;
            }
        };
    }

    /** The snapshot's capabilities, once seal and hash are verified; fails with a rejection otherwise. */
    public CompletionStage<List<Capability>> capabilities(RunContext run, SnapshotRef ref) {
        SealKeyRing.SealCheck seal = seals.verify(run, ref);
        if (!seal.valid()) {
            return CompletableFuture.failedFuture(new RejectedEventException("untrusted plan: " + seal.reason()));
        }
        synchronized (byHash) {
            List<Capability> cached = byHash.get(ref.hash());
            if (cached != null) {
                return CompletableFuture.completedFuture(cached);
            }
        }
        return snapshotService.snapshotBody(ref.hash()).thenApply(body -> {
            byte[] bytes = body.orElseThrow(() -> new RejectedEventException(
                    "untrusted plan: the snapshot service does not know snapshot " + ref.hash()));
            if (!CanonicalJson.sha256(bytes).equals(ref.hash())) {
                throw new RejectedEventException("untrusted plan: snapshot body does not match its hash");
            }
            List<Capability> capabilities = parse(bytes, ref);
            synchronized (byHash) {
                byHash.put(ref.hash(), capabilities);
            }
            return capabilities;
        });
    }

    private List<Capability> parse(byte[] bytes, SnapshotRef ref) {
        try {
            Body body = json.readValue(bytes, Body.class);
            if (!ref.tenantId().equals(body.tenantId()) || !ref.projectId().equals(body.projectId())) {
                throw new RejectedEventException("untrusted plan: snapshot body belongs to another tenant or project");
            }
            return List.copyOf(body.capabilities());
        } catch (IOException e) {
            throw new RejectedEventException("untrusted plan: unreadable snapshot body");
        }
    }

    record Body(String tenantId, String projectId, List<Capability> capabilities) {
    }
}
