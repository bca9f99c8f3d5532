package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code troubleshooting_audit}: one switch on or off, never changed afterwards. */
@Entity
@Table(name = "troubleshooting_audit")
public class TroubleshootingAuditEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "user_id")
    public String userId;
    public String switched;
    @Column(name = "expires_at")
    public Instant expiresAt;
    public String actor;
    public Instant at;
    public String reason;

    static TroubleshootingAuditEntity of(String tenantId, String userId, String switched, Instant expiresAt,
                                         String actor, Instant at, String reason) {
        TroubleshootingAuditEntity row = new TroubleshootingAuditEntity();
        row.tenantId = tenantId;
        row.userId = userId;
        row.switched = switched;
        row.expiresAt = expiresAt;
        row.actor = actor;
        row.at = at;
        row.reason = reason;
        return row;
    }
}
