package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.authorization.SnapshotPolicy;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotBuilderTest {

    final SnapshotBuilder builder = new SnapshotBuilder(new SnapshotPolicy());
    final Catalog demo = Catalog.load("classpath:catalog/demo-catalog.json");

    @Test
    void demoCatalogYieldsOnlyTheFourReadOnlyToolsForASupportAgent() {
        CapabilitySnapshot snapshot = builder.build(demo, SnapshotPolicyTest.RUN_ACME);
        assertThat(snapshot.capabilities()).extracting(Capability::name)
                .containsExactly("customers.detail", "customers.search", "orders.detail", "orders.list");
        assertThat(snapshot.exclusions()).containsOnlyKeys("orders.cancel", "customers.export", "customers.risk-profile",
                "inventory.lookup", "audit.log", "invoices.list");
        assertThat(snapshot.capabilities()).allMatch(Capability::readOnly);
    }

    @Test
    void hashAndSizeAreThoseOfTheCanonicalJson() {
        CapabilitySnapshot snapshot = builder.build(demo, SnapshotPolicyTest.RUN_ACME);
        byte[] canonical = CanonicalJson.bytes(Map.of("tenantId", "acme", "projectId", "support-desk",
                "capabilities", snapshot.capabilities()));
        assertThat(snapshot.ref().hash()).isEqualTo(CanonicalJson.sha256(canonical)).matches("sha256:[0-9a-f]{64}");
        assertThat(snapshot.ref().sizeBytes()).isEqualTo(canonical.length);
        assertThat(snapshot.ref().capabilityCount()).isEqualTo(4);
    }

    @Test
    void catalogOrderDoesNotChangeTheHash() {
        List<CatalogEntry> reversed = new ArrayList<>(demo.entries());
        Collections.reverse(reversed);
        assertThat(builder.build(new Catalog(reversed), SnapshotPolicyTest.RUN_ACME).ref())
                .isEqualTo(builder.build(demo, SnapshotPolicyTest.RUN_ACME).ref());
    }

    @Test
    void differentAuthorityGivesADifferentHash() {
        var otherTenant = builder.build(demo, new dev.capplanner.snapshot.authorization.Audience("globex", "x",
                List.of("support-agent")));
        assertThat(otherTenant.capabilities()).extracting(Capability::name).containsExactly("invoices.list");
        assertThat(otherTenant.ref().hash()).isNotEqualTo(builder.build(demo, SnapshotPolicyTest.RUN_ACME).ref().hash());
    }

    @Test
    void snapshotIsImmutable() {
        CapabilitySnapshot snapshot = builder.build(demo, SnapshotPolicyTest.RUN_ACME);
        assertThatThrownBy(() -> snapshot.capabilities().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void duplicateCatalogNamesAreRefused() {
        CatalogEntry entry = demo.entries().get(0);
        assertThatThrownBy(() -> new Catalog(List.of(entry, entry))).hasMessageContaining("duplicate");
    }
}
