package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.registry.RegistryState;
import dev.capplanner.snapshot.registry.RoleGrant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A property over 500 random registries (connections of several tenants and projects, some
 * disabled; capabilities with any mix of metadata, missing or not; role grants) and random
 * principals: a capability is in the principal's snapshot if and only if the authorization
 * endpoint's decision allows it, and nothing unsafe is ever in a snapshot. A failure names the
 * world's seed; {@code -Dproperty.seed=N} explores other worlds. (Plain JUnit, not jqwik: jqwik 1.10
 * carries an anti-AI usage clause, and this code is written with an AI agent.)
 */
class ListTimeEqualsCallTimePropertyTest {

    static final List<String> TENANTS = List.of("acme", "globex");
    static final List<String> PROJECTS = List.of("desk", "billing");
    static final List<String> ROLES = List.of("agent", "lead", "auditor");
    static final List<String> PERMISSIONS = List.of("orders:read", "customers:read", "audit:read");
    static final List<String> NAMES = List.of("orders.list", "orders.detail", "customers.search", "audit.log",
            "invoices.list", "orders.cancel");

    final AccessPolicy policy = new AccessPolicy();
    final SnapshotBuilder builder = new SnapshotBuilder(policy);

    static final int WORLDS = 500;

    @Test
    void aCapabilityIsListedExactlyWhenACallWouldBeAllowed() {
        Random seeds = new Random(Long.getLong("property.seed", 20261130L));
        int somethingListed = 0;
        for (int i = 0; i < WORLDS; i++) {
            long seed = seeds.nextLong();
            World world = World.random(new Random(seed));
            somethingListed += checkWorld(world, seed) ? 1 : 0;
        }
        // Guards the generator: worlds where nothing is ever allowed would prove nothing.
        assertThat(somethingListed).as("worlds with a non-empty snapshot").isGreaterThanOrEqualTo(WORLDS / 10);
    }

    /** Checks one world; true when its snapshot lists something. */
    private boolean checkWorld(World world, long seed) {
        CapabilitySnapshot snapshot = builder.build(world.registry(), world.audience());
        Set<String> listed = new HashSet<>();
        snapshot.capabilities().forEach(c -> listed.add(c.name()));
        for (String name : NAMES) {
            boolean allowed = policy.decide(world.registry(), world.audience(), name).allowed();
            assertThat(listed.contains(name)).as("world seed %d: %s listed vs allowed at call time", seed, name)
                    .isEqualTo(allowed);
        }
        for (Capability capability : snapshot.capabilities()) {
            CatalogEntry entry = world.registry().entriesOf(world.audience().tenantId(), world.audience().projectId())
                    .stream().filter(e -> e.name().equals(capability.name())).findFirst().orElseThrow();
            assertThat(entry.sideEffect()).as("world seed %d", seed).isIn("none", "read");
            assertThat(entry.requiresConfirmation()).isFalse();
            assertThat(entry.risk()).isIn("low", "medium");
            assertThat(entry.requiredPermissions().isEmpty() && !Boolean.TRUE.equals(entry.publicAccess())).isFalse();
            assertThat(entry.reviewHold()).isNull();
        }
        return !listed.isEmpty();
    }

    record World(RegistryState registry, Audience audience) {

        static World random(Random random) {
            List<Connection> connections = new ArrayList<>();
            int connectionCount = 1 + random.nextInt(4);
            for (int i = 0; i < connectionCount; i++) {
                connections.add(new Connection("c" + i, pick(random, TENANTS), pick(random, PROJECTS),
                        "openapi", random.nextInt(5) > 0));
            }
            List<CatalogEntry> entries = new ArrayList<>();
            Set<String> namesPerProject = new HashSet<>();
            for (String name : NAMES) {
                for (Connection connection : connections) {
                    String projectName = connection.tenantId() + "/" + connection.projectId() + "/" + name;
                    if (random.nextInt(3) > 0 && namesPerProject.add(projectName)) {
                        entries.add(entry(random, name, connection.id()));
                    }
                }
            }
            List<RoleGrant> grants = new ArrayList<>();
            for (String tenant : TENANTS) {
                for (String role : ROLES) {
                    for (String permission : PERMISSIONS) {
                        if (random.nextBoolean()) {
                            grants.add(new RoleGrant(tenant, role, permission));
                        }
                    }
                }
            }
            List<String> roles = ROLES.stream().filter(r -> random.nextBoolean()).toList();
            // Mostly an audience that owns a connection, sometimes a stranger to all of them.
            Connection home = pick(random, connections);
            Audience audience = random.nextInt(5) == 0
                    ? new Audience(pick(random, TENANTS), pick(random, PROJECTS), roles)
                    : new Audience(home.tenantId(), home.projectId(), roles);
            return new World(new RegistryState(1, connections, new Catalog(entries), grants), audience);
        }

        private static CatalogEntry entry(Random random, String name, String connection) {
            List<String> permissions = random.nextInt(8) == 0 ? null
                    : PERMISSIONS.stream().filter(p -> random.nextInt(3) == 0).toList();
            return new CatalogEntry(name, connection, "api", "api:x", "order", "list", "d", List.of(),
                    pick(random, asList("none", "read", "none", "read", "write", "destructive", null)),
                    pick(random, asList("low", "medium", "low", "medium", "high", "critical", null)),
                    pick(random, asList(false, false, false, true, null)), permissions,
                    pick(random, asList(true, false, null)),
                    new Endpoint("svc", random.nextInt(6) == 0 ? "POST" : "GET", "/x"), Map.of("type", "object"),
                    null, random.nextInt(8) == 0 ? "name says it writes" : null);
        }

        private static <T> T pick(Random random, List<T> values) {
            return values.get(random.nextInt(values.size()));
        }

        @SafeVarargs
        private static <T> List<T> asList(T... values) {
            return java.util.Arrays.asList(values);
        }
    }
}
