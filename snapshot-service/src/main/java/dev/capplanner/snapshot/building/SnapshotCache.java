package dev.capplanner.snapshot.building;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.Optional;
import java.util.Set;

/**
 * Snapshots by what determines them: tenant, project, the permissions the principal's roles grant
 * there, and the fingerprint of the project's part of the registry (its capabilities, connections and
 * plans). Two principals with the same grants share one snapshot; a change to the project is a new
 * fingerprint and so a new key, while a change to another tenant's or project's sources (a server
 * that churns its tools) leaves this project's snapshots cached. Past the capacity, the least used
 * leave first.
 */
public final class SnapshotCache {

    private final SnapshotBuilder builder;
    private final Cache<Key, CapabilitySnapshot> entries;

    public SnapshotCache(SnapshotBuilder builder, int capacity) {
        this.builder = builder;
        // eviction runs on the calling thread: no pool thread, and the bound holds when a call returns
        this.entries = Caffeine.newBuilder().maximumSize(capacity).executor(Runnable::run).build();
    }

    public CapabilitySnapshot snapshotFor(RegistryState registry, Audience who) {
        Optional<CapabilitySnapshot> cached = cached(registry, who);
        if (cached.isPresent()) {
            return cached.get();
        }
        Key key = key(registry, who);
        CapabilitySnapshot built = builder.build(registry, who);
        entries.put(key, built);
        return built;
    }

    /** The snapshot already built for this audience and the project as it is, if any (no build). */
    public Optional<CapabilitySnapshot> cached(RegistryState registry, Audience who) {
        return Optional.ofNullable(entries.getIfPresent(key(registry, who)));
    }

    private static Key key(RegistryState registry, Audience who) {
        return new Key(who.tenantId(), who.projectId(), registry.permissionsOf(who.tenantId(), who.roles()),
                registry.projectFingerprint(who.tenantId(), who.projectId()));
    }

    private record Key(String tenantId, String projectId, Set<String> permissions, String projectFingerprint) {
        Key {
            permissions = Set.copyOf(permissions);
        }
    }
}
