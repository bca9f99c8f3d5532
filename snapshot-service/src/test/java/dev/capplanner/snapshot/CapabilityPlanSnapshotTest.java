package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.contracts.schema.CapabilityPlanDocuments;
import dev.capplanner.snapshot.authorization.AccessDecision;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import dev.capplanner.snapshot.registry.RegistryDocument;
import dev.capplanner.snapshot.registry.RegistryState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rule "plans are capabilities": a registered plan enters a snapshot like any capability, and only
 * when everything it calls (other plans included) is allowed to the same audience; the live
 * authorization decides the same.
 */
class CapabilityPlanSnapshotTest {

    private static final Audience AGENT = SnapshotBuilderTest.SUPPORT_AGENT;
    private static final Audience COMPLIANCE = new Audience("acme", "support-desk", List.of("compliance-officer"));

    private final RegistryDocument demo = RegistryDocument.load("classpath:catalog/demo-registry.json");
    private final SnapshotBuilder builder = new SnapshotBuilder(new AccessPolicy());
    private final AccessPolicy policy = new AccessPolicy();

    @Test
    void aPlanOverAllowedCapabilitiesIsInTheSnapshotWithItsDefinitionAndVersion() {
        RegisteredCapabilityPlan plan = plan("accounts.orders", 3, "customers.detail", "orders.list");

        Capability capability = only(builder.build(state(plan), AGENT), "accounts.orders");

        assertThat(capability.kind()).isEqualTo(Capability.PLAN_KIND);
        assertThat(capability.endpoint()).isEqualTo(Endpoint.plan("accounts.orders"));
        assertThat(capability.plan()).isEqualTo(plan.plan());
        assertThat(capability.plan().version()).isEqualTo(3);
        assertThat(capability.entity()).as("the entity of its first step's capability").isEqualTo("customer");
        assertThat(capability.outputFields()).containsExactly("decision", "orders");
        assertThat(capability.inputSchema().get("properties")).isEqualTo(Map.of("customerId", Map.of("type", "string"),
                "tenantId", Map.of("type", "string", InputSchema.BIND_MARK, "tenant")));
        assertThat(policy.decide(state(plan), AGENT, "accounts.orders")).isEqualTo(AccessDecision.allow());
    }

    @Test
    void theSnapshotCacheSeesANewPlanVersionAsAChangeToTheProject() {
        SnapshotCache cache = new SnapshotCache(builder, 8);
        RegisteredCapabilityPlan first = plan("accounts.orders", 1, "customers.detail", "orders.list");
        RegisteredCapabilityPlan second = plan("accounts.orders", 2, "customers.detail", "orders.list");

        CapabilitySnapshot withFirst = cache.snapshotFor(state(first), AGENT);
        assertThat(cache.cached(state(first), AGENT)).containsSame(withFirst);
        assertThat(cache.cached(state(first, second), AGENT)).isEmpty();
        assertThat(only(cache.snapshotFor(state(first, second), AGENT), "accounts.orders").plan().version())
                .isEqualTo(2);
    }

    @Test
    void aPlanThatCallsACapabilityThePrincipalMayNotSeeIsAbsent() {
        RegisteredCapabilityPlan plan = plan("accounts.audited", 1, "customers.detail", "audit.log");

        CapabilitySnapshot snapshot = builder.build(state(plan), AGENT);

        assertThat(snapshot.capabilities()).extracting(Capability::name).doesNotContain("accounts.audited");
        assertThat(snapshot.exclusions()).containsEntry("accounts.audited",
                "calls audit.log, which is denied: missing permission audit:read");
        assertThat(policy.decide(state(plan), AGENT, "accounts.audited")).isInstanceOf(AccessDecision.Denied.class);
    }

    @Test
    void aPlanThatCallsAPlanIsVisibleOnlyWhenThatPlanIs() {
        RegisteredCapabilityPlan inner = plan("accounts.audited", 1, "customers.detail", "audit.log");
        RegisteredCapabilityPlan outer = plan("accounts.review", 1, "customers.detail", "accounts.audited");

        assertThat(builder.build(state(inner, outer), AGENT).exclusions()).containsEntry("accounts.review",
                "calls accounts.audited, which is denied: calls audit.log, which is denied: missing permission audit:read");
        assertThat(builder.build(state(plan("accounts.orders", 1, "customers.detail", "orders.list"),
                plan("accounts.review", 1, "customers.detail", "accounts.orders")), AGENT).capabilities())
                .extracting(Capability::name).contains("accounts.orders", "accounts.review");
    }

    @Test
    void aPlansOwnPermissionsAreRequiredToo() {
        RegisteredCapabilityPlan plan = withPermission(plan("accounts.orders", 1, "customers.detail", "orders.list"),
                "accounts:decide");

        assertThat(builder.build(state(plan), AGENT).exclusions()).containsEntry("accounts.orders",
                "missing permission accounts:decide");
        assertThat(builder.build(state(plan), COMPLIANCE).exclusions()).containsKey("accounts.orders");
    }

    @Test
    void aPlanOfAnotherProjectIsNeitherInTheSnapshotNorAuthorized() {
        RegisteredCapabilityPlan elsewhere = new RegisteredCapabilityPlan("acme", "billing-desk",
                plan("accounts.orders", 1, "customers.detail", "orders.list").plan(), "admin", Instant.EPOCH);

        assertThat(builder.build(state(elsewhere), AGENT).capabilities()).extracting(Capability::name)
                .doesNotContain("accounts.orders");
        assertThat(policy.decide(state(elsewhere), AGENT, "accounts.orders"))
                .isEqualTo(AccessDecision.deny("unknown capability"));
    }

    @Test
    void theNewestVersionIsTheOneASnapshotCarriesAndItChangesTheHash() {
        RegisteredCapabilityPlan v1 = plan("accounts.orders", 1, "customers.detail", "orders.list");
        RegisteredCapabilityPlan v2 = plan("accounts.orders", 2, "customers.detail", "orders.list");

        CapabilitySnapshot before = builder.build(state(v1), AGENT);
        CapabilitySnapshot after = builder.build(state(v2, v1), AGENT);

        assertThat(only(after, "accounts.orders").plan().version()).isEqualTo(2);
        assertThat(after.hash()).isNotEqualTo(before.hash());
    }

    @Test
    void aCapabilityOfAConnectionWinsOverAPlanOfTheSameNameAndTheRestOfTheRegistryStands() {
        RegistryState state = state(plan("orders.list", 1, "customers.detail", "customers.search"),
                plan("accounts.orders", 1, "customers.detail", "orders.list"));

        assertThat(state.plan("acme", "support-desk", "orders.list")).isEmpty();
        assertThat(only(builder.build(state, AGENT), "orders.list").kind()).isEqualTo("api");
        assertThat(only(builder.build(state, AGENT), "accounts.orders").kind()).isEqualTo(Capability.PLAN_KIND);
    }

    private RegistryState state(RegisteredCapabilityPlan... plans) {
        return new RegistryState(1, demo.connections(), new Catalog(demo.capabilities()), demo.roleGrants(), List.of(),
                List.of(plans));
    }

    private static Capability only(CapabilitySnapshot snapshot, String name) {
        return snapshot.capabilities().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    static RegisteredCapabilityPlan plan(String name, int version, String first, String second) {
        String text = """
                {"name": "%s", "version": %d, "description": "Checks an account's orders.",
                 "args": {"type": "object", "required": ["customerId"], "properties": {"customerId": {"type": "string"}}},
                 "hidden": {"tenantId": "tenant"}, "defaultDecision": "ok",
                 "steps": [{"name": "customer", "kind": "lookup", "required": true,
                            "from": {"capability": "%s", "args": {"customerId": {"arg": "customerId"}}}},
                           {"name": "orders", "kind": "count",
                            "from": {"capability": "%s", "args": {"customerId": {"arg": "customerId"}}}}],
                 "payload": {"orders": "orders"}, "returns": {"type": "object"}}""".formatted(name, version, first,
                second);
        return new RegisteredCapabilityPlan("acme", "support-desk", new CapabilityPlanDocuments().read(text), "admin", Instant.EPOCH);
    }

    private static RegisteredCapabilityPlan withPermission(RegisteredCapabilityPlan registered, String permission) {
        CapabilityPlan plan = registered.plan();
        return new RegisteredCapabilityPlan(registered.tenantId(), registered.projectId(), new CapabilityPlan(plan.name(),
                plan.version(), plan.description(), plan.entity(), plan.aliases(), List.of(permission), plan.args(),
                plan.hidden(), plan.defaultDecision(), plan.budget(), plan.steps(), plan.rules(), plan.payload(),
                plan.returns()), registered.registeredBy(), registered.registeredAt());
    }
}
