package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.snapshot.authorization.AccessDecision;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.connection.ConnectionMode;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import dev.capplanner.snapshot.registry.RegistryDocument;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed rule (askmydocs): each connection has its own runtime mode. Off: nothing of it in a snapshot;
 * shadow: in the snapshot, marked, so it is planned and compared, and denied right before a call;
 * live: planned and called. A plan that calls a capability in shadow is in shadow too.
 */
class ConnectionModeSnapshotTest {

    private static final Audience AGENT = SnapshotBuilderTest.SUPPORT_AGENT;
    private static final List<String> DEMO_API_READS = List.of("customers.detail", "customers.search", "orders.detail",
            "orders.list");

    private final RegistryDocument demo = RegistryDocument.load("classpath:catalog/demo-registry.json");
    private final SnapshotBuilder builder = new SnapshotBuilder(new AccessPolicy());
    private final AccessPolicy policy = new AccessPolicy();

    @Test
    void aLiveConnectionsCapabilitiesAreUnmarkedAndMayBeCalled() {
        CapabilitySnapshot snapshot = builder.build(state(ConnectionMode.LIVE), AGENT);

        assertThat(snapshot.capabilities()).extracting(Capability::name).containsExactlyElementsOf(DEMO_API_READS);
        assertThat(snapshot.capabilities()).noneMatch(Capability::inShadow);
        assertThat(policy.decideCall(state(ConnectionMode.LIVE), AGENT, "orders.detail")).isEqualTo(AccessDecision.allow());
    }

    @Test
    void aConnectionInShadowIsInTheSnapshotMarkedAndDeniedAtCallTime() {
        RegistryState shadow = state(ConnectionMode.SHADOW);
        CapabilitySnapshot snapshot = builder.build(shadow, AGENT);

        assertThat(snapshot.capabilities()).extracting(Capability::name).containsExactlyElementsOf(DEMO_API_READS);
        assertThat(snapshot.capabilities()).allMatch(Capability::inShadow);
        assertThat(snapshot.hash()).isNotEqualTo(builder.build(state(ConnectionMode.LIVE), AGENT).hash());
        assertThat(policy.decide(shadow, AGENT, "orders.detail")).as("what a snapshot may hold")
                .isEqualTo(AccessDecision.allow());
        assertThat(policy.decideCall(shadow, AGENT, "orders.detail")).isEqualTo(
                AccessDecision.deny("connection in shadow: planned and compared, never called"));
    }

    @Test
    void aConnectionOffIsNeitherInTheSnapshotNorCalled() {
        RegistryState off = state(ConnectionMode.OFF);

        assertThat(builder.build(off, AGENT).capabilities()).isEmpty();
        assertThat(policy.decideCall(off, AGENT, "orders.detail").allowed()).isFalse();
    }

    @Test
    void aPlanThatCallsACapabilityInShadowIsInShadowAndDeniedAtCallTime() {
        RegisteredCapabilityPlan plan = CapabilityPlanSnapshotTest.plan("accounts.orders", 1, "customers.detail",
                "orders.list");
        RegistryState shadow = new RegistryState(1, connections(ConnectionMode.SHADOW), new Catalog(demo.capabilities()),
                demo.roleGrants(), List.of(), List.of(plan));
        RegistryState live = new RegistryState(1, connections(ConnectionMode.LIVE), new Catalog(demo.capabilities()),
                demo.roleGrants(), List.of(), List.of(plan));

        assertThat(only(builder.build(shadow, AGENT), "accounts.orders").rollout()).isEqualTo(Capability.SHADOW);
        assertThat(only(builder.build(live, AGENT), "accounts.orders").rollout()).isNull();
        assertThat(policy.decideCall(shadow, AGENT, "accounts.orders").allowed()).isFalse();
        assertThat(policy.decideCall(live, AGENT, "accounts.orders").allowed()).isTrue();
    }

    @Test
    void aModeSwitchChangesTheProjectsFingerprintSoNoCachedSnapshotOutlivesIt() {
        assertThat(List.of(ConnectionMode.values()).stream()
                .map(mode -> state(mode).projectFingerprint("acme", "support-desk")).distinct()).hasSize(3);
    }

    @Test
    void onAgainAConnectionReturnsToTheModeItWasInBeforeOff() {
        Connection shadow = new Connection("c", "acme", "desk", "openapi", true).withMode(ConnectionMode.SHADOW);

        assertThat(shadow.withEnabled(false).mode()).isEqualTo(ConnectionMode.OFF);
        assertThat(shadow.withEnabled(false).withEnabled(true).mode()).isEqualTo(ConnectionMode.SHADOW);
        assertThat(shadow.withMode(ConnectionMode.LIVE).mode()).isEqualTo(ConnectionMode.LIVE);
    }

    private RegistryState state(ConnectionMode demoApi) {
        return new RegistryState(1, connections(demoApi), new Catalog(demo.capabilities()), demo.roleGrants());
    }

    private List<Connection> connections(ConnectionMode demoApi) {
        return demo.connections().stream().map(c -> c.id().equals("demo-api") ? c.withMode(demoApi) : c).toList();
    }

    private static Capability only(CapabilitySnapshot snapshot, String name) {
        return snapshot.capabilities().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
