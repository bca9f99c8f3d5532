package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code capability_aliases_audit}: one set or removal, never changed afterwards. */
@Entity
@Table(name = "capability_aliases_audit")
public class CapabilityAliasesAuditEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "connection_id")
    public String connectionId;
    public String capability;
    /** The aliases set (a JSON array); null for a removal. */
    public String aliases;
    public String actor;
    public Instant at;
    public String reason;

    static CapabilityAliasesAuditEntity of(String connectionId, String capability, String aliases, String actor,
                                           Instant at, String reason) {
        CapabilityAliasesAuditEntity row = new CapabilityAliasesAuditEntity();
        row.connectionId = connectionId;
        row.capability = capability;
        row.aliases = aliases;
        row.actor = actor;
        row.at = at;
        row.reason = reason;
        return row;
    }
}
