package dev.capplanner.snapshot.registry;

import dev.capplanner.contracts.events.PlannerModes;
import java.time.Instant;

/**
 * A tenant's planner mode as an operator set it at runtime ({@link PlannerModes}): who, when and why.
 * It overrides the planner's configured default from the tenant's next turn on.
 */
public record TenantPlannerMode(String tenantId, String mode, String changedBy, Instant changedAt, String reason) {

    public TenantPlannerMode {
        if (tenantId == null || tenantId.isBlank()) {
            throw new IllegalArgumentException("a planner mode belongs to a tenant");
        }
        if (!PlannerModes.isKnown(mode)) {
            throw new IllegalArgumentException("mode must be one of " + String.join(", ", PlannerModes.ALL)
                    + ", not " + mode);
        }
    }
}
