package dev.capplanner.snapshot.registry;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import java.time.Instant;

/** One version of a capability plan, registered for one tenant's project by an operator. */
public record RegisteredCapabilityPlan(String tenantId, String projectId, CapabilityPlan plan, String registeredBy,
                             Instant registeredAt) {

    public String name() {
        return plan.name();
    }

    public int version() {
        return plan.version();
    }

    public boolean ownedBy(String tenant, String project) {
        return tenantId.equals(tenant) && projectId.equals(project);
    }
}
