package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.connection.Connection;
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
    /** Enabled and in shadow: planned and compared, never called. */
    public boolean shadow;
    @Column(name = "updated_at")
    public Instant updatedAt;
    /** The registration (JSON) a live source was imported with; null for a registry document's connection. */
    public String registration;

    static ConnectionEntity of(Connection connection, Instant at) {
        ConnectionEntity row = new ConnectionEntity();
        row.id = connection.id();
        row.tenantId = connection.tenantId();
        row.projectId = connection.projectId();
        row.kind = connection.kind();
        row.enabled = connection.enabled();
        row.shadow = connection.shadow();
        row.updatedAt = at;
        return row;
    }

    Connection connection() {
        return new Connection(id, tenantId, projectId, kind, enabled, shadow);
    }
}
