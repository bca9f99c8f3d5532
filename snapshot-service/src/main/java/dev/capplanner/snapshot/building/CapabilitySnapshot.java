package dev.capplanner.snapshot.building;

import dev.capplanner.contracts.events.Capability;
import java.util.List;
import java.util.Map;

/**
 * The immutable snapshot of what one audience may use: its canonical JSON body (what is stored and
 * served by hash), the hash of that body, and the authorized capabilities in name order.
 * {@code exclusions} says, per denied capability of the project, why: it is for logs, metrics and the
 * explain API, and never leaves the service in an event.
 */
public record CapabilitySnapshot(String hash, byte[] body, String tenantId, String projectId,
                                 List<Capability> capabilities, Map<String, String> exclusions) {
    public CapabilitySnapshot {
        body = body.clone();
        capabilities = List.copyOf(capabilities);
        exclusions = Map.copyOf(exclusions);
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    public int sizeBytes() {
        return body.length;
    }
}
