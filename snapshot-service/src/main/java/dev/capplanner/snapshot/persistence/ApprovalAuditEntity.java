package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.approval.OperatorApproval;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code registry_approval_audit}: one approval or revocation, never changed afterwards. */
@Entity
@Table(name = "registry_approval_audit")
public class ApprovalAuditEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "connection_id")
    public String connectionId;
    public String capability;
    public String action;
    public String actor;
    public Instant at;
    public String reason;
    @Column(name = "definition_hash")
    public String definitionHash;

    static ApprovalAuditEntity of(OperatorApproval approval, String action, String actor, Instant at, String reason) {
        ApprovalAuditEntity row = new ApprovalAuditEntity();
        row.connectionId = approval.connection();
        row.capability = approval.capability();
        row.action = action;
        row.actor = actor;
        row.at = at;
        row.reason = reason;
        row.definitionHash = approval.definitionHash();
        return row;
    }
}
