package dev.capplanner.snapshot.persistence;

import dev.capplanner.contracts.plans.CapabilityPlan;
import dev.capplanner.snapshot.registry.RegisteredPlan;
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
public class PlanRepository {

    private final RegistryRepository registry;
    private final Clock clock;

    public PlanRepository(RegistryRepository registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
    }

    /**
     * Registers the plan for the tenant's project once {@code check} passes on the registry state
     * (it throws when the plan is refused). Empty when that version was already registered.
     */
    public Uni<Optional<RegisteredPlan>> register(String tenantId, String projectId, CapabilityPlan plan, String actor,
                                                  Consumer<RegistryState> check) {
        return RegistryRepository.change(() -> registry.loadInSession().chain(state -> {
            check.accept(state);
            boolean registered = state.planVersions(tenantId, projectId, plan.name()).stream()
                    .anyMatch(existing -> existing.version() == plan.version());
            if (registered) {
                return Uni.createFrom().item(Optional.<RegisteredPlan>empty());
            }
            RegisteredPlan stored = new RegisteredPlan(tenantId, projectId, plan, actor, clock.instant());
            return row(stored).persist().replaceWith(Optional.of(stored));
        }));
    }

    private CapabilityPlanEntity row(RegisteredPlan plan) {
        CapabilityPlanEntity row = new CapabilityPlanEntity();
        row.tenantId = plan.tenantId();
        row.projectId = plan.projectId();
        row.name = plan.name();
        row.version = plan.version();
        row.definition = registry.json(plan.plan());
        row.registeredBy = plan.registeredBy();
        row.registeredAt = plan.registeredAt();
        return row;
    }
}
