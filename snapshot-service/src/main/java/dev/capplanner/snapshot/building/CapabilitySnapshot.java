package dev.capplanner.snapshot.building;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.SnapshotRef;
import java.util.List;
import java.util.Map;

/**
 * The immutable per-run snapshot: its identity (hash and size of its canonical JSON) and the
 * authorized capabilities in name order. {@code exclusions} says, per excluded tool, why: it is
 * for logs and metrics only and never leaves the service.
 */
public record CapabilitySnapshot(SnapshotRef ref, List<Capability> capabilities, Map<String, String> exclusions) {
    public CapabilitySnapshot {
        capabilities = List.copyOf(capabilities);
        exclusions = Map.copyOf(exclusions);
    }
}
