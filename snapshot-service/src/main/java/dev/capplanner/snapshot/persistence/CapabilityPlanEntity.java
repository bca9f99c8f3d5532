package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

/** Row mapping of {@code capability_plan}: one version of a plan, its definition as JSON; never changed. */
@Entity
@Table(name = "capability_plan")
@IdClass(CapabilityPlanEntity.Key.class)
public class CapabilityPlanEntity extends PanacheEntityBase {

    @Id
    @Column(name = "tenant_id")
    public String tenantId;
    @Id
    @Column(name = "project_id")
    public String projectId;
    @Id
    public String name;
    @Id
    public int version;
    public String definition;
    @Column(name = "registered_by")
    public String registeredBy;
    @Column(name = "registered_at")
    public Instant registeredAt;

    public record Key(String tenantId, String projectId, String name, int version) implements Serializable {
        public Key() {
            this(null, null, null, 0);
        }
    }

    static CapabilityPlanEntity of(RegisteredCapabilityPlan plan) {
        CapabilityPlanEntity row = new CapabilityPlanEntity();
        row.tenantId = plan.tenantId();
        row.projectId = plan.projectId();
        row.name = plan.name();
        row.version = plan.version();
        row.definition = RegistryJson.write(plan.plan());
        row.registeredBy = plan.registeredBy();
        row.registeredAt = plan.registeredAt();
        return row;
    }
}
