package dev.capplanner.snapshot.connection;

/**
 * A registered source of capabilities, owned by one tenant and project, with its runtime mode
 * ({@link ConnectionMode}): disabled ({@code off}) withdraws all of its capabilities from new
 * snapshots and from call-time authorization at once; {@code shadow} keeps them in snapshots, marked,
 * to be planned and compared but never called; otherwise it is live.
 */
public record Connection(String id, String tenantId, String projectId, String kind, boolean enabled, boolean shadow) {

    public Connection {
        if (id == null || !id.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
            throw new IllegalArgumentException("connection id must be 1-64 lowercase letters, digits, '.', '_' or '-': "
                    + id);
        }
        if (tenantId == null || tenantId.isBlank() || projectId == null || projectId.isBlank()) {
            throw new IllegalArgumentException("connection " + id + " has no tenant or project");
        }
    }

    /** A live connection when enabled. */
    public Connection(String id, String tenantId, String projectId, String kind, boolean enabled) {
        this(id, tenantId, projectId, kind, enabled, false);
    }

    public boolean ownedBy(String tenant, String project) {
        return tenantId.equals(tenant) && projectId.equals(project);
    }

    /** Its runtime mode: off when disabled, else shadow or live. */
    public ConnectionMode mode() {
        return !enabled ? ConnectionMode.OFF : shadow ? ConnectionMode.SHADOW : ConnectionMode.LIVE;
    }

    /** Off is disabled; on again, it returns to the shadow or live it was in. */
    public Connection withEnabled(boolean value) {
        return new Connection(id, tenantId, projectId, kind, value, shadow);
    }

    public Connection withMode(ConnectionMode mode) {
        return switch (mode) {
            case OFF -> new Connection(id, tenantId, projectId, kind, false, shadow);
            case SHADOW -> new Connection(id, tenantId, projectId, kind, true, true);
            case LIVE -> new Connection(id, tenantId, projectId, kind, true, false);
        };
    }
}
