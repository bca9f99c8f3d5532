package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code tenant_planner_mode_audit}: one mode change, never changed afterwards. */
@Entity
@Table(name = "tenant_planner_mode_audit")
public class PlannerModeAuditEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "previous_mode")
    public String previousMode;
    public String mode;
    public String actor;
    public Instant at;
    public String reason;

    /** A switch from {@code previousMode} to {@code mode}; either is null for the configured default. */
    static PlannerModeAuditEntity of(String tenantId, String previousMode, String mode, String actor, Instant at,
                                     String reason) {
        PlannerModeAuditEntity row = new PlannerModeAuditEntity();
        row.tenantId = tenantId;
        row.previousMode = previousMode;
        row.mode = mode;
        row.actor = actor;
        row.at = at;
        row.reason = reason;
        return row;
    }
}
