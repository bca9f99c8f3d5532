package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.troubleshooting.TroubleshootingSwitch;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code troubleshooting_switch}: one tenant's or user's troubleshooting, on until it expires. */
@Entity
@Table(name = "troubleshooting_switch")
public class TroubleshootingEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "user_id")
    public String userId;
    @Column(name = "switched_by")
    public String switchedBy;
    @Column(name = "switched_at")
    public Instant switchedAt;
    @Column(name = "expires_at")
    public Instant expiresAt;
    public String reason;

    TroubleshootingEntity holding(TroubleshootingSwitch on) {
        tenantId = on.tenantId();
        userId = on.userId();
        switchedBy = on.switchedBy();
        switchedAt = on.switchedAt();
        expiresAt = on.expiresAt();
        reason = on.reason();
        return this;
    }

    TroubleshootingSwitch troubleshooting() {
        return new TroubleshootingSwitch(tenantId, userId, switchedBy, switchedAt, expiresAt, reason);
    }
}
