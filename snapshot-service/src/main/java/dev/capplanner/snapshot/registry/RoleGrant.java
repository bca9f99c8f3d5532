package dev.capplanner.snapshot.registry;

/** Within one tenant, holders of the role have the permission. */
public record RoleGrant(String tenantId, String role, String permission) {
    public RoleGrant {
        if (isBlank(tenantId) || isBlank(role) || isBlank(permission)) {
            throw new IllegalArgumentException("a role grant needs a tenant, a role and a permission");
        }
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
