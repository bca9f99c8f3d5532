package dev.capplanner.contracts.trust;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityIndexEntry;
import java.util.List;

/**
 * A snapshot body whose bytes were verified against its content address, with the compact index it
 * projects to (computed once: an event's index is compared with it on every turn).
 */
public record SnapshotBody(String hash, String tenantId, String projectId, List<Capability> capabilities,
                           List<CapabilityIndexEntry> index) {

    public SnapshotBody {
        capabilities = List.copyOf(capabilities);
        index = List.copyOf(index);
    }

    public static SnapshotBody of(String hash, String tenantId, String projectId, List<Capability> capabilities) {
        return new SnapshotBody(hash, tenantId, projectId, capabilities,
                capabilities.stream().map(CapabilityIndexEntry::of).toList());
    }
}
