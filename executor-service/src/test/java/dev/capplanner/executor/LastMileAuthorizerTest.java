package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Grant;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.testing.events.TurnFixtures;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One case per last-mile check. */
class LastMileAuthorizerTest {

    final LastMileAuthorizer authorizer = new LastMileAuthorizer(Set.of("demo-api"));
    final PlannedAction action = new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5002"), List.of());
    final SnapshotRef snapshot = new SnapshotRef("sha256:" + "0".repeat(64), 10, 1, "acme", "support-desk");
    final Grant grant = new Grant("orders.detail", true, new Endpoint("demo-api", "GET", "/orders/{orderId}"), null);

    @Test
    void grantedReadOnlyToolOfTheRunsSnapshotIsAllowed() {
        assertThat(check(snapshot, Map.of("orders.detail", grant))).isEqualTo(AuthorizationDecision.allow());
    }

    @Test
    void snapshotOfAnotherTenantOrProjectIsDenied() {
        assertThat(check(new SnapshotRef(snapshot.hash(), 10, 1, "globex", "support-desk"), Map.of("orders.detail", grant))
                .reason()).isEqualTo("snapshot belongs to another tenant");
        assertThat(check(new SnapshotRef(snapshot.hash(), 10, 1, "acme", "other"), Map.of("orders.detail", grant))
                .reason()).isEqualTo("snapshot belongs to another project");
    }

    @Test
    void toolOutsideTheSnapshotIsDenied() {
        assertThat(check(snapshot, Map.of()).reason()).isEqualTo("tool orders.detail is not in the run's snapshot");
    }

    @Test
    void nonReadOnlyOrUnsafeMethodIsDenied() {
        Grant mutative = new Grant("orders.detail", false, grant.endpoint(), null);
        assertThat(check(snapshot, Map.of("orders.detail", mutative)).reason()).isEqualTo("tool orders.detail is not read-only");
        Grant post = new Grant("orders.detail", true, new Endpoint("demo-api", "POST", "/orders"), null);
        assertThat(check(snapshot, Map.of("orders.detail", post)).reason()).isEqualTo("tool orders.detail uses HTTP POST");
    }

    @Test
    void unavailableTargetIsDenied() {
        Grant elsewhere = new Grant("orders.detail", true, new Endpoint("billing", "GET", "/x"), null);
        assertThat(check(snapshot, Map.of("orders.detail", elsewhere)).reason())
                .isEqualTo("target service billing is not available");
    }

    private AuthorizationDecision check(SnapshotRef ref, Map<String, Grant> grants) {
        return authorizer.check(action, TurnFixtures.run("r"), ref, grants);
    }
}
