package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.registry.TenantPlannerMode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** The planner modes operators set for tenants at runtime, with their audit trail. */
@ApplicationScoped
public class PlannerModeRepository {

    private final Clock clock;

    public PlannerModeRepository(Clock clock) {
        this.clock = clock;
    }

    /**
     * Sets the tenant's planner mode (from its next turn on) and audits the switch, with the mode it
     * replaces; unchanged (false) when the tenant already has that mode.
     */
    public Uni<Boolean> setPlannerMode(String tenantId, String plannerMode, String actor, String reason) {
        TenantPlannerMode mode = new TenantPlannerMode(tenantId, plannerMode, actor, clock.instant(), reason);
        return RegistryRevisions.change(() -> PlannerModeEntity.<PlannerModeEntity>findById(tenantId).chain(row -> {
            String previous = row == null ? null : row.mode;
            if (plannerMode.equals(previous)) {
                return Uni.createFrom().item(false);
            }
            PlannerModeEntity stored = (row == null ? new PlannerModeEntity() : row).holding(mode);
            return stored.persist()
                    .chain(() -> PlannerModeAuditEntity.of(tenantId, previous, plannerMode, actor, mode.changedAt(),
                            reason).persist())
                    .replaceWith(true);
        }));
    }

    /** Returns the tenant to the planner's configured default and audits it; false when it had no mode set. */
    public Uni<Boolean> clearPlannerMode(String tenantId, String actor, String reason) {
        return RegistryRevisions.change(() -> PlannerModeEntity.<PlannerModeEntity>findById(tenantId).chain(row -> {
            if (row == null) {
                return Uni.createFrom().item(false);
            }
            return row.delete()
                    .chain(() -> PlannerModeAuditEntity.of(tenantId, row.mode, null, actor, clock.instant(), reason)
                            .persist())
                    .replaceWith(true);
        }));
    }

    /** Every planner mode change, oldest first. */
    public Uni<List<PlannerModeChange>> plannerModeAudit() {
        return Panache.withSession(() -> PlannerModeAuditEntity.<PlannerModeAuditEntity>list("order by id"))
                .map(rows -> rows.stream().map(r -> new PlannerModeChange(r.tenantId, r.previousMode, r.mode, r.actor,
                        r.at, r.reason)).toList());
    }

    /** One line of the planner mode audit trail; a null {@code mode}: back to the configured default. */
    public record PlannerModeChange(String tenant, String previousMode, String mode, String actor, Instant at,
                                    String reason) {
    }
}
