package dev.capplanner.contracts.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.schema.CapabilityPlanDocuments;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Only what verifies is trusted: the seal for this run, the body against its hash, the body's owner. */
class VerifiedSnapshotsTest {

    static final RunContext RUN = SnapshotSealsTest.RUN;
    static final Capability CUSTOMERS_SEARCH = new Capability("customers.search", "api", "api:customers", "customer",
            "search", "Find customers by name.", List.of("find customer"), true,
            new Endpoint("demo-api", "GET", "/customers"), Map.of("type", "object"), "items");
    final SnapshotSeals seals = new SnapshotSeals("k1", Map.of("k1", SnapshotSealsTest.OLD_KEY));
    final Map<String, byte[]> store = new ConcurrentHashMap<>();
    final List<String> fetched = new ArrayList<>();
    final VerifiedSnapshots snapshots = new VerifiedSnapshots(seals, hash -> {
        fetched.add(hash);
        return CompletableFuture.completedFuture(Optional.ofNullable(store.get(hash)));
    }, 2);

    @Test
    void aSealedBodyVerifiesOnceAndIsServedFromTheCacheAfterwards() {
        SnapshotRef ref = stored("acme", "support-desk", List.of(CUSTOMERS_SEARCH));
        SnapshotBody body = snapshots.forRun(RUN, ref).toCompletableFuture().join();
        assertThat(body.capabilities()).containsExactly(CUSTOMERS_SEARCH);
        assertThat(body.index()).containsExactly(CapabilityIndexEntry.of(CUSTOMERS_SEARCH));
        snapshots.forRun(RUN, ref).toCompletableFuture().join();
        assertThat(fetched).containsExactly(ref.hash());
        assertThat(snapshots.isCached(ref.hash())).isTrue();
    }

    @Test
    void aCapabilityPlanTravelsInTheBodyWithItsDefinitionAndNothingElseIsAdded() {
        CapabilityPlan definition = new CapabilityPlanDocuments().read("""
                {"name": "accounts.known", "version": 2, "description": "Whether a customer exists.",
                 "args": {"type": "object", "properties": {"customerId": {"type": "string"}}},
                 "defaultDecision": "known",
                 "steps": [{"name": "customer", "kind": "lookup", "required": true,
                            "from": {"capability": "customers.search", "args": {"name": {"arg": "customerId"}}}}],
                 "payload": {}, "returns": {"type": "object"}}""");
        Capability plan = new Capability("accounts.known", Capability.PLAN_KIND, "plan", "customer",
                Capability.PLAN_OPERATION, "Whether a customer exists.", List.of(), true, Endpoint.plan("accounts.known"),
                Map.of("type", "object"), null, List.of(), List.of(), null, List.of("decision"), definition);

        SnapshotBody body = snapshots.forRun(RUN, stored("acme", "support-desk", List.of(CUSTOMERS_SEARCH, plan)))
                .toCompletableFuture().join();

        assertThat(body.capabilities()).containsExactly(CUSTOMERS_SEARCH, plan);
        assertThat(Capability.isPlan(body.capabilities().get(1))).isTrue();
        assertThat(new String(body("acme", "support-desk", List.of(CUSTOMERS_SEARCH)), StandardCharsets.UTF_8))
                .as("a capability that is no plan carries no plan field").doesNotContain("\"plan\"");
    }

    @Test
    void aSealForAnotherRunIsRejectedBeforeAnyFetch() {
        SnapshotRef ref = stored("acme", "support-desk", List.of(CUSTOMERS_SEARCH));
        RunContext other = new RunContext("run-2", RUN.turnId(), 0, RUN.tenantId(), RUN.projectId(),
                RUN.conversationId(), RUN.principal());
        assertUntrusted(snapshots.forRun(other, ref).toCompletableFuture(),
                "snapshot seal does not match run, conversation, principal, scope and hash");
        assertThat(fetched).isEmpty();
    }

    @Test
    void anUnknownHashAnAlteredBodyAndAForeignBodyAreRejected() {
        String unknown = "sha256:" + "e".repeat(64);
        assertUntrusted(snapshots.byHash(unknown).toCompletableFuture(),
                "the snapshot service does not know snapshot " + unknown);

        assertUntrusted(snapshots.byHash("../admin/connections").toCompletableFuture(), "not a snapshot hash");
        assertThat(fetched).as("nothing but a content address is ever asked for").doesNotContain("../admin/connections");

        String tampered = "sha256:" + "f".repeat(64);
        store.put(tampered, body("acme", "support-desk", List.of(CUSTOMERS_SEARCH)));
        assertUntrusted(snapshots.byHash(tampered).toCompletableFuture(), "snapshot body does not match its hash");
        assertThat(snapshots.isCached(tampered)).as("nothing unverified is kept").isFalse();

        SnapshotRef globexBody = stored("globex", "support-desk", List.of(CUSTOMERS_SEARCH));
        SnapshotRef claimedForAcme = new SnapshotRef(globexBody.hash(), 1, 1, "acme", "support-desk",
                seals.seal(RUN, globexBody.hash()));
        assertUntrusted(snapshots.forRun(RUN, claimedForAcme).toCompletableFuture(),
                "snapshot body belongs to another tenant or project");
    }

    @Test
    void aStoreThatCannotAnswerFailsWithItsOwnErrorNotAVerdict() {
        VerifiedSnapshots unreachable = new VerifiedSnapshots(seals,
                hash -> CompletableFuture.failedFuture(new IllegalStateException("snapshot service answered HTTP 503")), 1);
        assertThatThrownBy(() -> unreachable.byHash("sha256:" + "a".repeat(64)).toCompletableFuture().join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(IllegalStateException.class);
    }

    private SnapshotRef stored(String tenant, String project, List<Capability> capabilities) {
        byte[] body = body(tenant, project, capabilities);
        String hash = CanonicalJson.sha256(body);
        store.put(hash, body);
        return new SnapshotRef(hash, body.length, capabilities.size(), tenant, project, seals.seal(RUN, hash));
    }

    private static byte[] body(String tenant, String project, List<Capability> capabilities) {
        return CanonicalJson.bytes(Map.of("tenantId", tenant, "projectId", project, "capabilities", capabilities));
    }

    private static void assertUntrusted(CompletableFuture<?> future, String reason) {
        assertThatThrownBy(future::join).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(UntrustedSnapshotException.class).hasMessage(reason);
    }
}
