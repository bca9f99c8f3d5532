package dev.capplanner.snapshot.connection;

/**
 * A registered source of capabilities, owned by one tenant and project. Disabling it withdraws all
 * of its capabilities from new snapshots and from call-time authorization at once.
 */
public record Connection(String id, String tenantId, String projectId, String kind, boolean enabled) {

    public Connection {
        if (id == null || !id.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
            throw new IllegalArgumentException("connection id must be 1-64 lowercase letters, digits, '.', '_' or '-': "
                    + id);
        }
        if (tenantId == null || tenantId.isBlank() || projectId == null || projectId.isBlank()) {
            throw new IllegalArgumentException("connection " + id + " has no tenant or project");
        }
    }

    public boolean ownedBy(String tenant, String project) {
        return tenantId.equals(tenant) && projectId.equals(project);
    }

    public Connection withEnabled(boolean value) {
        return new Connection(id, tenantId, projectId, kind, value);
    }
}
