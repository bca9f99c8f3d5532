package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code snapshot_body}: a snapshot's canonical JSON under its hash. */
@Entity
@Table(name = "snapshot_body")
public class StoredSnapshotEntity extends PanacheEntityBase {

    @Id
    public String hash;
    public byte[] body;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "project_id")
    public String projectId;
    @Column(name = "capability_count")
    public int capabilityCount;
    @Column(name = "stored_at")
    public Instant storedAt;
}
