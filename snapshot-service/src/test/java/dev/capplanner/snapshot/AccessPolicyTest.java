package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.authorization.AccessDecision;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.registry.RegistryState;
import dev.capplanner.snapshot.registry.RoleGrant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** One case per rule of the trust boundary, as both the snapshot and the authorization endpoint apply it. */
class AccessPolicyTest {

    static final Audience AGENT = new Audience("acme", "desk", List.of("agent"));
    static final Connection DESK = new Connection("desk-api", "acme", "desk", "openapi", true);
    static final List<RoleGrant> GRANTS = List.of(new RoleGrant("acme", "agent", "orders:read"),
            new RoleGrant("globex", "auditor", "audit:read"));

    final AccessPolicy policy = new AccessPolicy();

    @Test
    void aPermittedReadOfTheRunsOwnEnabledConnectionIsAllowed() {
        assertThat(decide(b -> b)).isEqualTo(AccessDecision.allow());
    }

    @Test
    void missingMetadataFailsClosed() {
        assertDenied(b -> b.sideEffect(null), "missing side-effect metadata");
        assertDenied(b -> b.risk(null), "missing risk metadata");
        assertDenied(b -> b.confirmation(null), "missing confirmation metadata");
        assertDenied(b -> b.permissions(null), "missing permission metadata");
        assertDenied(b -> b.endpoint(null), "missing endpoint or input schema");
        assertDenied(b -> b.kind("shell"), "missing kind, family, entity or operation");
    }

    @Test
    void writesConfirmationsAndHighRiskNeverPassWhateverTheGrants() {
        assertDenied(b -> b.sideEffect("write"), "mutative: side effect write");
        assertDenied(b -> b.sideEffect("destructive"), "mutative: side effect destructive");
        assertDenied(b -> b.endpoint(new Endpoint("demo-api", "POST", "/orders")), "mutative: HTTP method POST");
        assertDenied(b -> b.confirmation(true), "requires confirmation");
        assertDenied(b -> b.risk("high"), "risk high");
        assertDenied(b -> b.risk("critical"), "risk critical");
        assertThat(decide(b -> b.sideEffect("read"))).as("a declared read is a read").isEqualTo(AccessDecision.allow());
    }

    @Test
    void aCapabilityHeldForReviewIsDeniedWhateverElseItDeclares() {
        assertDenied(b -> b.reviewHold("its name says it writes (remember)"),
                "held for operator review: its name says it writes (remember)");
    }

    @Test
    void noRequiredPermissionIsDeniedUnlessMarkedPublic() {
        assertDenied(b -> b.permissions(List.of()), "no required permissions declared and not marked public");
        assertDenied(b -> b.permissions(List.of()).publicAccess(false),
                "no required permissions declared and not marked public");
        assertThat(decide(b -> b.permissions(List.of()).publicAccess(true))).isEqualTo(AccessDecision.allow());
    }

    @Test
    void everyRequiredPermissionMustBeGrantedByTheRunsTenant() {
        assertDenied(b -> b.permissions(List.of("orders:read", "orders:export")), "missing permission orders:export");
        // globex grants audit:read to auditors; an acme principal with a role of that name gets nothing from it.
        Audience acmeAuditor = new Audience("acme", "desk", List.of("auditor"));
        RegistryState registry = registry(EntryBuilder.read("audit.log").permissions(List.of("audit:read")).build(), DESK);
        assertThat(policy.decide(registry, acmeAuditor, "audit.log"))
                .isEqualTo(AccessDecision.deny("missing permission audit:read"));
    }

    @Test
    void unknownDisabledAndForeignCapabilitiesAreDenied() {
        RegistryState registry = registry(EntryBuilder.read("orders.list").build(), DESK);
        assertThat(policy.decide(registry, AGENT, "orders.delete")).isEqualTo(AccessDecision.deny("unknown capability"));
        assertThat(policy.decide(registry, new Audience("globex", "desk", List.of("agent")), "orders.list"))
                .isEqualTo(AccessDecision.deny("capability belongs to another tenant or project"));
        assertThat(policy.decide(registry, new Audience("acme", "other", List.of("agent")), "orders.list"))
                .isEqualTo(AccessDecision.deny("capability belongs to another tenant or project"));
        RegistryState disabled = registry(EntryBuilder.read("orders.list").build(), DESK.withEnabled(false));
        assertThat(policy.decide(disabled, AGENT, "orders.list"))
                .isEqualTo(AccessDecision.deny("connection desk-api is disabled"));
    }

    @Test
    void theSameNameInTwoTenantsIsDecidedByTheRunsOwnRegistration() {
        Connection globex = new Connection("globex-api", "globex", "desk", "openapi", true);
        CatalogEntry acmeOrders = EntryBuilder.read("orders.list").build();
        CatalogEntry globexOrders = EntryBuilder.read("orders.list").connection("globex-api").risk("high").build();
        RegistryState registry = new RegistryState(1, List.of(DESK, globex),
                new Catalog(List.of(globexOrders, acmeOrders)), GRANTS);
        assertThat(policy.decide(registry, AGENT, "orders.list")).isEqualTo(AccessDecision.allow());
    }

    private AccessDecision decide(UnaryOperator<EntryBuilder> change) {
        CatalogEntry entry = change.apply(EntryBuilder.read("orders.list")).build();
        return policy.decide(registry(entry, DESK), AGENT, entry.name());
    }

    private void assertDenied(UnaryOperator<EntryBuilder> change, String reason) {
        assertThat(decide(change)).isEqualTo(AccessDecision.deny(reason));
    }

    static RegistryState registry(CatalogEntry entry, Connection connection) {
        return new RegistryState(1, List.of(connection), new Catalog(List.of(entry)), GRANTS);
    }
}
