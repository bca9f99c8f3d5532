package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.registry.RoleGrant;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** The tenants' role grants: which role holds which permission. */
@ApplicationScoped
public class GrantRepository {

    /** Grants a permission to a role; false when it was already granted. */
    public Uni<Boolean> grant(RoleGrant grant) {
        return RegistryRevisions.change(() -> RoleGrantEntity.findById(RoleGrantEntity.key(grant))
                .chain(existing -> existing != null
                        ? Uni.createFrom().item(false)
                        : RoleGrantEntity.of(grant).persist().replaceWith(true)));
    }

    /** Revokes a permission from a role; false when it was not granted. */
    public Uni<Boolean> revoke(RoleGrant grant) {
        return RegistryRevisions.change(() -> RoleGrantEntity.deleteById(RoleGrantEntity.key(grant)));
    }
}
