package dev.capplanner.capabilityplans.registration;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import java.util.Map;

/**
 * A capability already in the registry: whether the snapshot's read-only rule admits it, its input
 * schema (what a step may pass it) and, when it is itself a plan, that plan.
 */
public record RegisteredCapability(String name, boolean readOnly, Map<String, Object> inputSchema,
                                   CapabilityPlan plan) {

    public RegisteredCapability {
        inputSchema = inputSchema == null ? Map.of() : inputSchema;
    }
}
