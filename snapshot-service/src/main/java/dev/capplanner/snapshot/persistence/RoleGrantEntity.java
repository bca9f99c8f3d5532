package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.registry.RoleGrant;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;

/** Row mapping of {@code registry_role_grant}. */
@Entity
@Table(name = "registry_role_grant")
@IdClass(RoleGrantEntity.Key.class)
public class RoleGrantEntity extends PanacheEntityBase {

    @Id
    @Column(name = "tenant_id")
    public String tenantId;
    @Id
    public String role;
    @Id
    public String permission;

    public record Key(String tenantId, String role, String permission) implements Serializable {
        public Key() {
            this(null, null, null);
        }
    }

    static RoleGrantEntity of(RoleGrant grant) {
        RoleGrantEntity row = new RoleGrantEntity();
        row.tenantId = grant.tenantId();
        row.role = grant.role();
        row.permission = grant.permission();
        return row;
    }

    static Key key(RoleGrant grant) {
        return new Key(grant.tenantId(), grant.role(), grant.permission());
    }

    RoleGrant grant() {
        return new RoleGrant(tenantId, role, permission);
    }
}
