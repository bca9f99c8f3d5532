package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code connection_mode_audit}: one connection mode switch, never changed afterwards. */
@Entity
@Table(name = "connection_mode_audit")
public class ConnectionModeAuditEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "connection_id")
    public String connectionId;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "previous_mode")
    public String previousMode;
    public String mode;
    public String actor;
    public Instant at;
    public String reason;

    static ConnectionModeAuditEntity of(String connectionId, String tenantId, String previousMode, String mode,
                                        String actor, Instant at, String reason) {
        ConnectionModeAuditEntity row = new ConnectionModeAuditEntity();
        row.connectionId = connectionId;
        row.tenantId = tenantId;
        row.previousMode = previousMode;
        row.mode = mode;
        row.actor = actor;
        row.at = at;
        row.reason = reason;
        return row;
    }
}
