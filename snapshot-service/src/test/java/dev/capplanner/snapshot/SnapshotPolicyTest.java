package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.authorization.Eligibility;
import dev.capplanner.snapshot.authorization.SnapshotPolicy;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.catalog.CatalogEntry.Visibility;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** One case per rule of the snapshot's trust boundary. */
class SnapshotPolicyTest {

    static final Audience RUN = new Audience("acme", "desk", List.of("agent"));
    static final Audience RUN_ACME = new Audience("acme", "support-desk", List.of("support-agent"));
    final SnapshotPolicy policy = new SnapshotPolicy();

    static CatalogEntry readOnly() {
        return new CatalogEntry("orders.list", "api", "api:orders", "order", "list", "List orders", List.of(),
                "none", "low", false, new Visibility(List.of("acme"), List.of("desk"), List.of("agent")),
                new Endpoint("demo-api", "GET", "/orders"), Map.of("type", "object"), "items");
    }

    @Test
    void readOnlyVisibleEntryIsEligible() {
        assertThat(policy.evaluate(readOnly(), RUN)).isInstanceOf(Eligibility.Eligible.class);
    }

    @Test
    void missingSideEffectFailsClosed() {
        assertExcluded(e -> copy(e, null, e.risk(), e.requiresConfirmation(), e.visibility(), e.endpoint()),
                "missing side-effect metadata");
    }

    @Test
    void missingRiskFailsClosed() {
        assertExcluded(e -> copy(e, e.sideEffect(), null, e.requiresConfirmation(), e.visibility(), e.endpoint()),
                "missing risk metadata");
    }

    @Test
    void missingConfirmationFlagFailsClosed() {
        assertExcluded(e -> copy(e, e.sideEffect(), e.risk(), null, e.visibility(), e.endpoint()),
                "missing confirmation metadata");
    }

    @Test
    void missingVisibilityFailsClosedInsteadOfOpen() {
        assertExcluded(e -> copy(e, e.sideEffect(), e.risk(), false, null, e.endpoint()), "missing visibility metadata");
        assertExcluded(e -> copy(e, e.sideEffect(), e.risk(), false, new Visibility(List.of("acme"), List.of("desk"), null),
                e.endpoint()), "missing visibility metadata");
    }

    @Test
    void mutativeToolIsExcluded() {
        assertExcluded(e -> copy(e, "write", e.risk(), false, e.visibility(), e.endpoint()), "mutative: side effect write");
    }

    @Test
    void unsafeHttpMethodIsExcludedEvenWhenLabelledReadOnly() {
        assertExcluded(e -> copy(e, "none", e.risk(), false, e.visibility(), new Endpoint("demo-api", "POST", "/x")),
                "mutative: HTTP method POST");
    }

    @Test
    void toolRequiringConfirmationIsExcluded() {
        assertExcluded(e -> copy(e, "none", e.risk(), true, e.visibility(), e.endpoint()), "requires confirmation");
    }

    @Test
    void highAndCriticalRiskAreExcluded() {
        assertExcluded(e -> copy(e, "none", "high", false, e.visibility(), e.endpoint()), "risk high");
        assertExcluded(e -> copy(e, "none", "critical", false, e.visibility(), e.endpoint()), "risk critical");
    }

    @Test
    void otherTenantProjectOrRoleIsExcluded() {
        assertExcluded(e -> copy(e, "none", "low", false, new Visibility(List.of("globex"), List.of("*"), List.of("*")),
                e.endpoint()), "not visible to tenant");
        assertExcluded(e -> copy(e, "none", "low", false, new Visibility(List.of("*"), List.of("other"), List.of("*")),
                e.endpoint()), "not visible to project");
        assertExcluded(e -> copy(e, "none", "low", false, new Visibility(List.of("*"), List.of("*"), List.of("admin")),
                e.endpoint()), "no permitted role");
    }

    @Test
    void wildcardVisibilityAdmitsEveryone() {
        CatalogEntry open = copy(readOnly(), "none", "low", false,
                new Visibility(List.of("*"), List.of("*"), List.of("*")), readOnly().endpoint());
        assertThat(policy.evaluate(open, RUN)).isInstanceOf(Eligibility.Eligible.class);
    }

    private void assertExcluded(UnaryOperator<CatalogEntry> change, String reason) {
        assertThat(policy.evaluate(change.apply(readOnly()), RUN)).isEqualTo(Eligibility.excluded(reason));
    }

    static CatalogEntry copy(CatalogEntry e, String sideEffect, String risk, Boolean confirmation, Visibility visibility,
                             Endpoint endpoint) {
        return new CatalogEntry(e.name(), e.kind(), e.family(), e.entity(), e.operation(), e.description(), e.aliases(),
                sideEffect, risk, confirmation, visibility, endpoint, e.inputSchema(), e.outputCollectionPath());
    }
}
