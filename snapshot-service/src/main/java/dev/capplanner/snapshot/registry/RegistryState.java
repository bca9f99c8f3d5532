package dev.capplanner.snapshot.registry;

import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The registry as of one revision: connections, their capabilities, the tenants' role grants and the
 * planner modes operators set for tenants. A
 * value: a change to the registry is a new state with a higher revision, so a snapshot or an
 * authorization decision always reads one consistent state.
 */
public final class RegistryState {

    private final long revision;
    private final Map<String, Connection> connections = new HashMap<>();
    private final Catalog catalog;
    private final List<RoleGrant> grants;
    private final Map<String, TenantPlannerMode> plannerModes = new HashMap<>();
    private final Map<String, List<CatalogEntry>> entriesByName = new HashMap<>();
    private final Map<String, List<CatalogEntry>> entriesByProject = new HashMap<>();
    /** Per project, the fingerprint of what its snapshots are built from; computed on first use. */
    private final Map<String, String> projectFingerprints = new java.util.concurrent.ConcurrentHashMap<>();
    /** Per project, per plan name, every version registered, oldest first. */
    private final Map<String, Map<String, List<RegisteredCapabilityPlan>>> plansByProject = new HashMap<>();

    public RegistryState(long revision, Collection<Connection> connections, Catalog catalog, Collection<RoleGrant> grants) {
        this(revision, connections, catalog, grants, List.of());
    }

    public RegistryState(long revision, Collection<Connection> connections, Catalog catalog, Collection<RoleGrant> grants,
                         Collection<TenantPlannerMode> plannerModes) {
        this(revision, connections, catalog, grants, plannerModes, List.of());
    }

    public RegistryState(long revision, Collection<Connection> connections, Catalog catalog, Collection<RoleGrant> grants,
                         Collection<TenantPlannerMode> plannerModes, Collection<RegisteredCapabilityPlan> plans) {
        this.revision = revision;
        plannerModes.forEach(mode -> this.plannerModes.put(mode.tenantId(), mode));
        connections.forEach(c -> {
            if (this.connections.put(c.id(), c) != null) {
                throw new IllegalArgumentException("duplicate connection: " + c.id());
            }
        });
        this.catalog = catalog;
        this.grants = List.copyOf(grants);
        Map<String, String> ownerOfName = new HashMap<>();
        for (CatalogEntry entry : catalog.entries()) {
            Connection connection = this.connections.get(entry.connection());
            if (connection == null) {
                throw new IllegalArgumentException("capability " + entry.name() + " names unknown connection "
                        + entry.connection());
            }
            String project = projectKey(connection.tenantId(), connection.projectId());
            // A snapshot holds capabilities by name, so one project must not see a name twice.
            String previous = ownerOfName.putIfAbsent(project + "\n" + entry.name(), entry.connection());
            if (previous != null) {
                throw new IllegalArgumentException("capability " + entry.name() + " is registered by both "
                        + previous + " and " + entry.connection() + " in project " + connection.projectId());
            }
            entriesByName.computeIfAbsent(entry.name(), n -> new ArrayList<>()).add(entry);
            entriesByProject.computeIfAbsent(project, p -> new ArrayList<>()).add(entry);
        }
        plans.stream().sorted(Comparator.comparingInt(RegisteredCapabilityPlan::version)).forEach(plan -> {
            String project = projectKey(plan.tenantId(), plan.projectId());
            // Registration refuses such a plan; a connection that later imports a capability of the
            // same name wins, and the plan leaves the registry's view (the rest of the registry stays).
            if (!ownerOfName.containsKey(project + "\n" + plan.name())) {
                plansByProject.computeIfAbsent(project, p -> new HashMap<>())
                        .computeIfAbsent(plan.name(), n -> new ArrayList<>()).add(plan);
            }
        });
    }

    public long revision() {
        return revision;
    }

    public Catalog catalog() {
        return catalog;
    }

    public List<RoleGrant> grants() {
        return grants;
    }

    /** The mode an operator set for the tenant; empty: the planner's configured default applies. */
    public Optional<TenantPlannerMode> plannerModeOf(String tenantId) {
        return Optional.ofNullable(plannerModes.get(tenantId));
    }

    /** Every tenant's mode an operator set, by tenant. */
    public List<TenantPlannerMode> plannerModes() {
        return plannerModes.values().stream().sorted(Comparator.comparing(TenantPlannerMode::tenantId)).toList();
    }

    public Collection<Connection> connections() {
        return List.copyOf(connections.values());
    }

    public Optional<Connection> connection(String id) {
        return Optional.ofNullable(connections.get(id));
    }

    /** Every registration of the name, in any tenant or project. */
    public List<CatalogEntry> entriesNamed(String name) {
        return entriesByName.getOrDefault(name, List.of());
    }

    /** The capabilities of one project's connections, enabled or not. */
    public List<CatalogEntry> entriesOf(String tenantId, String projectId) {
        return entriesByProject.getOrDefault(projectKey(tenantId, projectId), List.of());
    }

    /** The newest version of every plan of one project, by name. */
    public List<RegisteredCapabilityPlan> plansOf(String tenantId, String projectId) {
        return plansByProject.getOrDefault(projectKey(tenantId, projectId), Map.of()).values().stream()
                .map(versions -> versions.get(versions.size() - 1))
                .sorted(Comparator.comparing(RegisteredCapabilityPlan::name)).toList();
    }

    /** The newest version of one project's plan of that name. */
    public Optional<RegisteredCapabilityPlan> plan(String tenantId, String projectId, String name) {
        List<RegisteredCapabilityPlan> versions = planVersions(tenantId, projectId, name);
        return versions.isEmpty() ? Optional.empty() : Optional.of(versions.get(versions.size() - 1));
    }

    /** Every version of one project's plan of that name, oldest first. */
    public List<RegisteredCapabilityPlan> planVersions(String tenantId, String projectId, String name) {
        return plansByProject.getOrDefault(projectKey(tenantId, projectId), Map.of()).getOrDefault(name, List.of());
    }

    /** Every plan version of every project (what the registry holds). */
    public List<RegisteredCapabilityPlan> allPlanVersions() {
        return plansByProject.values().stream().flatMap(byName -> byName.values().stream())
                .flatMap(List::stream).toList();
    }

    /**
     * The sha256 of everything a snapshot of the project is built from besides the audience's
     * permissions: its capabilities, its connections and each one's mode, its plans. Equal
     * across revisions when only other projects changed, so a snapshot cache keyed by it keeps the
     * project's snapshots when another tenant's source churns.
     */
    public String projectFingerprint(String tenantId, String projectId) {
        return projectFingerprints.computeIfAbsent(projectKey(tenantId, projectId), key -> {
            List<Object> connectionsOfProject = connections.values().stream()
                    .filter(c -> c.ownedBy(tenantId, projectId)).sorted(Comparator.comparing(Connection::id))
                    .map(c -> (Object) List.of(c.id(), c.enabled(), c.shadow())).toList();
            List<Object> plans = plansByProject.getOrDefault(key, Map.of()).entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .map(e -> (Object) e.getValue().stream().map(RegisteredCapabilityPlan::plan).toList()).toList();
            return CanonicalJson.sha256(CanonicalJson.bytes(Map.of("connections", connectionsOfProject,
                    "capabilities", entriesOf(tenantId, projectId), "plans", plans)));
        });
    }

    /** What the roles grant within the tenant; roles of other tenants grant nothing here. */
    public Set<String> permissionsOf(String tenantId, Collection<String> roles) {
        Set<String> permissions = new TreeSet<>();
        for (RoleGrant grant : grants) {
            if (grant.tenantId().equals(tenantId) && roles.contains(grant.role())) {
                permissions.add(grant.permission());
            }
        }
        return permissions;
    }

    private static String projectKey(String tenantId, String projectId) {
        return tenantId + "\n" + projectId;
    }
}
