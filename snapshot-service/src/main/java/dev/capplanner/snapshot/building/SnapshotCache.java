package dev.capplanner.snapshot.building;

import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Snapshots by what determines them: tenant, project, the permissions the principal's roles grant
 * there, and the registry revision. Two principals with the same grants share one snapshot; any
 * registry change is a new revision and so a new key. Least recently used entries leave first.
 */
public final class SnapshotCache {

    private final SnapshotBuilder builder;
    private final Map<Key, CapabilitySnapshot> entries;

    public SnapshotCache(SnapshotBuilder builder, int capacity) {
        this.builder = builder;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, CapabilitySnapshot> eldest) {
                return size() > capacity;
            }
        };
    }

    public CapabilitySnapshot snapshotFor(RegistryState registry, Audience who) {
        Optional<CapabilitySnapshot> cached = cached(registry, who);
        if (cached.isPresent()) {
            return cached.get();
        }
        Key key = key(registry, who);
        CapabilitySnapshot built = builder.build(registry, who);
        synchronized (entries) {
            entries.put(key, built);
        }
        return built;
    }

    /** The snapshot already built for this audience and registry revision, if any (no build). */
    public Optional<CapabilitySnapshot> cached(RegistryState registry, Audience who) {
        Key key = key(registry, who);
        synchronized (entries) {
            return Optional.ofNullable(entries.get(key));
        }
    }

    private static Key key(RegistryState registry, Audience who) {
        return new Key(who.tenantId(), who.projectId(), registry.permissionsOf(who.tenantId(), who.roles()),
                registry.revision());
    }

    private record Key(String tenantId, String projectId, Set<String> permissions, long revision) {
        Key {
            permissions = Set.copyOf(permissions);
        }
    }
}
