package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.approval.OperatorApproval;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

/** Row mapping of {@code registry_approval}: the operator approval in force for one capability. */
@Entity
@Table(name = "registry_approval")
@IdClass(ApprovalEntity.Key.class)
public class ApprovalEntity extends PanacheEntityBase {

    @Id
    @Column(name = "connection_id")
    public String connectionId;
    @Id
    public String capability;
    @Column(name = "definition_hash")
    public String definitionHash;
    @Column(name = "approved_by")
    public String approvedBy;
    @Column(name = "approved_at")
    public Instant approvedAt;
    public String reason;

    public record Key(String connectionId, String capability) implements Serializable {
        public Key() {
            this(null, null);
        }
    }

    static ApprovalEntity of(OperatorApproval approval) {
        ApprovalEntity row = new ApprovalEntity();
        row.connectionId = approval.connection();
        row.capability = approval.capability();
        row.definitionHash = approval.definitionHash();
        row.approvedBy = approval.approvedBy();
        row.approvedAt = approval.approvedAt();
        row.reason = approval.reason();
        return row;
    }

    OperatorApproval approval() {
        return new OperatorApproval(connectionId, capability, definitionHash, approvedBy, approvedAt, reason);
    }
}
