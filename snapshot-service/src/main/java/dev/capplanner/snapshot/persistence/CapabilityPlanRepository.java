package dev.capplanner.snapshot.persistence;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import dev.capplanner.snapshot.registry.RegistryState;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Capability plans in the registry. A registration is checked against the registry as it is under
 * the revision lock (so two registrations can never together form what neither would alone, such as
 * a cycle of plans), then stored as a new version and the revision raised; the same version again
 * with the same content changes nothing.
 */
@ApplicationScoped
public class CapabilityPlanRepository {

    private final Clock clock;

    public CapabilityPlanRepository(Clock clock) {
        this.clock = clock;
    }

    /**
     * Registers the plan for the tenant's project once {@code check} passes on the registry state
     * (it throws when the plan is refused). Empty when that version was already registered.
     */
    public Uni<Optional<RegisteredCapabilityPlan>> register(String tenantId, String projectId, CapabilityPlan plan,
                                                            String actor, Consumer<RegistryState> check) {
        return RegistryRevisions.change(() -> RegistryReader.loadInSession().chain(state -> {
            check.accept(state);
            boolean registered = state.planVersions(tenantId, projectId, plan.name()).stream()
                    .anyMatch(existing -> existing.version() == plan.version());
            if (registered) {
                return Uni.createFrom().item(Optional.<RegisteredCapabilityPlan>empty());
            }
            RegisteredCapabilityPlan stored = new RegisteredCapabilityPlan(tenantId, projectId, plan, actor,
                    clock.instant());
            return CapabilityPlanEntity.of(stored).persist().replaceWith(Optional.of(stored));
        }));
    }
}
