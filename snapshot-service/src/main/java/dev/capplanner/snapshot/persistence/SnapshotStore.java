package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.building.CapabilitySnapshot;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Snapshots by content address: the canonical body under its hash, written once however many runs
 * (and replicas) build it; any replica serves it back by hash.
 */
@ApplicationScoped
public class SnapshotStore {

    private static final String INSERT_ONCE = """
            INSERT INTO snapshot_body (hash, body, tenant_id, project_id, capability_count, stored_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (hash) DO NOTHING""";

    private final Clock clock;
    /** Bounds the memory of stored hashes; forgetting one only costs a no-op insert. */
    private static final int REMEMBERED_HASHES = 10_000;

    /** Hashes this replica knows are stored: a cached snapshot costs no write. */
    private final Set<String> stored = ConcurrentHashMap.newKeySet();

    public SnapshotStore(Clock clock) {
        this.clock = clock;
    }

    public Uni<Void> storeOnce(CapabilitySnapshot snapshot) {
        if (stored.contains(snapshot.hash())) {
            return Uni.createFrom().voidItem();
        }
        return Panache.withTransaction(() -> Panache.getSession().chain(session -> session.createNativeQuery(INSERT_ONCE)
                        .setParameter(1, snapshot.hash())
                        .setParameter(2, snapshot.body())
                        .setParameter(3, snapshot.tenantId())
                        .setParameter(4, snapshot.projectId())
                        .setParameter(5, snapshot.capabilities().size())
                        .setParameter(6, clock.instant())
                        .executeUpdate()))
                .invoke(() -> remember(snapshot.hash()))
                .replaceWithVoid();
    }

    private void remember(String hash) {
        if (stored.size() >= REMEMBERED_HASHES) {
            stored.clear();
        }
        stored.add(hash);
    }

    public Uni<Optional<byte[]>> find(String hash) {
        return Panache.withSession(() -> StoredSnapshotEntity.<StoredSnapshotEntity>findById(hash))
                .map(row -> Optional.ofNullable(row).map(r -> r.body));
    }
}
