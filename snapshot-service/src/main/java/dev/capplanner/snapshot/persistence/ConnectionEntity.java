package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code registry_connection}. */
@Entity
@Table(name = "registry_connection")
public class ConnectionEntity extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "project_id")
    public String projectId;
    public String kind;
    public boolean enabled;
    @Column(name = "updated_at")
    public Instant updatedAt;
    /** The registration (JSON) a live source was imported with; null for a registry document's connection. */
    public String registration;
}
