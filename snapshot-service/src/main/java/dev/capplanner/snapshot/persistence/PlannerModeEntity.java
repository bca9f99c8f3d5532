package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.registry.TenantPlannerMode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code tenant_planner_mode}: a tenant's planner mode as an operator set it. */
@Entity
@Table(name = "tenant_planner_mode")
public class PlannerModeEntity extends PanacheEntityBase {

    @Id
    @Column(name = "tenant_id")
    public String tenantId;
    public String mode;
    @Column(name = "changed_by")
    public String changedBy;
    @Column(name = "changed_at")
    public Instant changedAt;
    public String reason;

    /** This row (new, or the tenant's stored one) holding the mode. */
    PlannerModeEntity holding(TenantPlannerMode plannerMode) {
        tenantId = plannerMode.tenantId();
        mode = plannerMode.mode();
        changedBy = plannerMode.changedBy();
        changedAt = plannerMode.changedAt();
        reason = plannerMode.reason();
        return this;
    }

    TenantPlannerMode plannerMode() {
        return new TenantPlannerMode(tenantId, mode, changedBy, changedAt, reason);
    }
}
