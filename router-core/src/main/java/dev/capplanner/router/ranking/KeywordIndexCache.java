package dev.capplanner.router.ranking;

import dev.capplanner.contracts.events.Capability;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keyword indexes by snapshot hash. A snapshot is immutable, so its index is built once and reused
 * by every turn that sees the same authority; the least recently used index is dropped first.
 */
public final class KeywordIndexCache {

    private final Map<String, KeywordIndex> indexes;
    private long builds;

    public KeywordIndexCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("cache capacity must be at least 1");
        }
        this.indexes = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, KeywordIndex> eldest) {
                return size() > capacity;
            }
        };
    }

    public synchronized KeywordIndex forSnapshot(String snapshotHash, List<Capability> capabilities) {
        KeywordIndex index = indexes.get(snapshotHash);
        if (index == null) {
            index = KeywordIndex.build(capabilities);
            builds++;
            indexes.put(snapshotHash, index);
        }
        return index;
    }

    /** The index of a snapshot already seen, if still cached. */
    public synchronized java.util.Optional<KeywordIndex> find(String snapshotHash) {
        return java.util.Optional.ofNullable(indexes.get(snapshotHash));
    }

    /** How many indexes were built (cache misses), for metrics and tests. */
    public synchronized long builds() {
        return builds;
    }
}
