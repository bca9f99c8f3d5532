package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.registry.RegistryDocument;
import dev.capplanner.snapshot.registry.RegistryState;
import dev.capplanner.snapshot.registry.RoleGrant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotBuilderTest {

    static final Audience SUPPORT_AGENT = new Audience("acme", "support-desk", List.of("support-agent"));

    final SnapshotBuilder builder = new SnapshotBuilder(new AccessPolicy());
    final RegistryDocument demo = RegistryDocument.load("classpath:catalog/demo-registry.json");

    @Test
    void theDemoRegistryYieldsOnlyTheFourPermittedReadsForASupportAgent() {
        CapabilitySnapshot snapshot = builder.build(demo.toState(1), SUPPORT_AGENT);
        assertThat(snapshot.capabilities()).extracting(Capability::name)
                .containsExactly("customers.detail", "customers.search", "orders.detail", "orders.list");
        assertThat(snapshot.exclusions()).containsOnlyKeys("orders.cancel", "customers.export", "customers.risk-profile",
                "inventory.lookup", "audit.log");
        assertThat(snapshot.exclusions()).containsEntry("orders.cancel", "mutative: side effect write")
                .containsEntry("customers.export", "requires confirmation")
                .containsEntry("audit.log", "missing permission audit:read")
                .containsEntry("inventory.lookup", "missing side-effect metadata");
        assertThat(snapshot.capabilities()).allMatch(Capability::readOnly);
    }

    @Test
    void hashAndSizeAreThoseOfTheCanonicalBody() {
        CapabilitySnapshot snapshot = builder.build(demo.toState(1), SUPPORT_AGENT);
        byte[] canonical = CanonicalJson.bytes(Map.of("tenantId", "acme", "projectId", "support-desk",
                "capabilities", snapshot.capabilities()));
        assertThat(snapshot.body()).isEqualTo(canonical);
        assertThat(snapshot.hash()).isEqualTo(CanonicalJson.sha256(canonical)).matches("sha256:[0-9a-f]{64}");
        assertThat(snapshot.sizeBytes()).isEqualTo(canonical.length);
    }

    @Test
    void registrationOrderAndRevisionDoNotChangeTheHash() {
        List<CatalogEntry> reversed = new ArrayList<>(demo.capabilities());
        Collections.reverse(reversed);
        RegistryState reordered = new RegistryState(7, demo.connections(), new Catalog(reversed), demo.roleGrants());
        assertThat(builder.build(reordered, SUPPORT_AGENT).hash()).isEqualTo(builder.build(demo.toState(1), SUPPORT_AGENT).hash());
    }

    @Test
    void differentAuthorityGivesADifferentHash() {
        CapabilitySnapshot globex = builder.build(demo.toState(1), new Audience("globex", "support-desk", List.of()));
        assertThat(globex.capabilities()).extracting(Capability::name).as("public, needs no role")
                .containsExactly("invoices.list");
        CapabilitySnapshot compliance = builder.build(demo.toState(1), new Audience("acme", "support-desk",
                List.of("compliance-officer")));
        assertThat(compliance.capabilities()).extracting(Capability::name).containsExactly("audit.log");
        assertThat(compliance.hash()).isNotEqualTo(builder.build(demo.toState(1), SUPPORT_AGENT).hash());
        CapabilitySnapshot lead = builder.build(demo.toState(1), new Audience("acme", "support-desk",
                List.of("support-lead")));
        assertThat(lead.hash()).as("other grants, same capabilities: one content address")
                .isEqualTo(builder.build(demo.toState(1), SUPPORT_AGENT).hash());
    }

    @Test
    void snapshotIsImmutable() {
        CapabilitySnapshot snapshot = builder.build(demo.toState(1), SUPPORT_AGENT);
        assertThatThrownBy(() -> snapshot.capabilities().clear()).isInstanceOf(UnsupportedOperationException.class);
        snapshot.body()[0] = 'x';
        assertThat(snapshot.body()[0]).isEqualTo((byte) '{');
    }

    @Test
    void inconsistentRegistriesAreRefused() {
        CatalogEntry entry = demo.capabilities().get(0);
        assertThatThrownBy(() -> new Catalog(List.of(entry, entry))).hasMessageContaining("duplicate");
        Connection desk = new Connection("desk-api", "acme", "desk", "openapi", true);
        Connection other = new Connection("desk-mcp", "acme", "desk", "mcp", true);
        assertThatThrownBy(() -> new RegistryState(1, List.of(desk, other), new Catalog(List.of(
                EntryBuilder.read("orders.list").build(), EntryBuilder.read("orders.list").connection("desk-mcp").build())),
                List.of())).hasMessageContaining("registered by both desk-api and desk-mcp");
        assertThatThrownBy(() -> new RegistryState(1, List.of(desk), new Catalog(List.of(
                EntryBuilder.read("orders.list").connection("nowhere").build())), List.of()))
                .hasMessageContaining("unknown connection nowhere");
    }

    @Test
    void theCacheSharesOneSnapshotPerPermissionSetAndRevision() {
        SnapshotCache cache = new SnapshotCache(builder, 8);
        RegistryState state = demo.toState(1);
        CapabilitySnapshot agent = cache.snapshotFor(state, SUPPORT_AGENT);
        Audience sameGrantsOtherRole = new Audience("acme", "support-desk", List.of("support-agent", "unknown-role"));
        assertThat(cache.snapshotFor(state, sameGrantsOtherRole)).isSameAs(agent);
        List<RoleGrant> revoked = demo.roleGrants().stream()
                .filter(g -> !(g.role().equals("support-agent") && g.permission().equals("orders:read"))).toList();
        RegistryState next = new RegistryState(2, demo.connections(), new Catalog(demo.capabilities()), revoked);
        assertThat(cache.snapshotFor(next, SUPPORT_AGENT).capabilities()).extracting(Capability::name)
                .containsExactly("customers.detail", "customers.search");
    }

    @Test
    void anotherTenantsChurnKeepsThisProjectsSnapshotsAndAChangeToThisProjectDoesNot() {
        SnapshotCache cache = new SnapshotCache(builder, 8);
        CapabilitySnapshot agent = cache.snapshotFor(demo.toState(1), SUPPORT_AGENT);

        Connection churning = new Connection("globex-tools", "globex", "ops", "mcp", true);
        List<Connection> withGlobex = new java.util.ArrayList<>(demo.connections());
        withGlobex.add(churning);
        List<CatalogEntry> entries = new java.util.ArrayList<>(demo.capabilities());
        entries.add(EntryBuilder.read("new_tool_" + 2).connection("globex-tools").kind("mcp").build());
        RegistryState otherTenantChanged = new RegistryState(2, withGlobex, new Catalog(entries), demo.roleGrants());
        assertThat(cache.cached(otherTenantChanged, SUPPORT_AGENT)).as("another tenant's change").containsSame(agent);

        List<Connection> disabled = demo.connections().stream().map(c -> c.ownedBy("acme", "support-desk")
                ? new Connection(c.id(), c.tenantId(), c.projectId(), c.kind(), false) : c).toList();
        RegistryState ownChanged = new RegistryState(3, disabled, new Catalog(demo.capabilities()), demo.roleGrants());
        assertThat(cache.cached(ownChanged, SUPPORT_AGENT)).as("this project's change").isEmpty();
        assertThat(cache.snapshotFor(ownChanged, SUPPORT_AGENT).capabilities()).isEmpty();
    }
}
