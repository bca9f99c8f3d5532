package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.executor.execution.CallLedger;
import dev.capplanner.executor.invocation.OwnerLease;
import dev.capplanner.executor.persistence.PostgresCallLedger;
import dev.capplanner.executor.persistence.PostgresOwnerLeases;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Rule "a redelivery repeats no call, and waits for a call only while its maker lives": on the real
 * ledger, a call claimed by an executor process that stopped renewing its lease (killed mid-call) is
 * taken over at once by the redelivery, while one claimed by a live process stays busy. The same
 * test resources as {@link ExecutionPipelineTest}, so both run in one application start.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(DemoTargetTestResource.class)
@QuarkusTestResource(SnapshotServiceTestResource.class)
@QuarkusTestResource(ReferenceMcpServerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class CallOwnershipTest {

    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final Duration CLAIM_TIMEOUT = Duration.ofMinutes(2);

    @Inject
    Pool database;

    final CallLedger.CallKey key = new CallLedger.CallKey("run-owner-" + UUID.randomUUID(), 0, "a1");

    @Test
    void aCallWhoseMakerStoppedRenewingItsLeaseIsTakenOverLongBeforeTheClaimTimeout() {
        java.util.concurrent.atomic.AtomicInteger takeovers = new java.util.concurrent.atomic.AtomicInteger();
        OwnerLease killed = renewedLease();
        assertThat(claim(ledgerOf(killed, takeovers::incrementAndGet))).isInstanceOf(CallLedger.Claim.Granted.class);
        assertThat(takeovers).as("a first claim takes nothing over").hasValue(0);
        lapse(killed);

        assertThat(claim(ledgerOf(renewedLease(), takeovers::incrementAndGet)))
                .as("its maker is gone: the redelivery makes the call").isInstanceOf(CallLedger.Claim.Granted.class);
        assertThat(takeovers).as("and says it took the call over (the alert's counter)").hasValue(1);
        assertThat(claim(ledgerOf(renewedLease(), takeovers::incrementAndGet))).isInstanceOf(CallLedger.Claim.Busy.class);
        assertThat(takeovers).hasValue(1);
    }

    @Test
    void aCallWhoseMakerStillRenewsItsLeaseIsBusyForTheRedelivery() {
        OwnerLease alive = renewedLease();
        assertThat(claim(ledgerOf(alive))).isInstanceOf(CallLedger.Claim.Granted.class);

        OwnerLease other = renewedLease();
        assertThat(claim(ledgerOf(other))).isInstanceOf(CallLedger.Claim.Busy.class);
        lapse(other);
        assertThat(claim(ledgerOf(renewedLease()))).as("the maker, not the last one to ask, decides")
                .isInstanceOf(CallLedger.Claim.Busy.class);
    }

    @Test
    void aCallTakenOverBelongsToItsNewMaker() {
        OwnerLease killed = renewedLease();
        claim(ledgerOf(killed));
        lapse(killed);
        OwnerLease taker = renewedLease();
        claim(ledgerOf(taker));

        assertThat(database.preparedQuery("select owner from executor_call where run_key = $1")
                .execute(Tuple.of(key.runKey())).await().atMost(TIMEOUT).iterator().next().getString("owner"))
                .isEqualTo(taker.owner());
        assertThat(claim(ledgerOf(renewedLease()))).isInstanceOf(CallLedger.Claim.Busy.class);
    }

    @Test
    void aClaimWithoutAnOwnerWaitsForTheClaimTimeout() {
        insertOwnerlessClaim(Duration.ZERO);
        assertThat(claim(ledgerOf(renewedLease()))).isInstanceOf(CallLedger.Claim.Busy.class);

        database.preparedQuery("update executor_call set claimed_at = now() - interval '3 minutes' where run_key = $1")
                .execute(Tuple.of(key.runKey())).await().atMost(TIMEOUT);
        assertThat(claim(ledgerOf(renewedLease()))).isInstanceOf(CallLedger.Claim.Granted.class);
    }

    private OwnerLease renewedLease() {
        OwnerLease lease = OwnerLease.forNewProcess(Duration.ofSeconds(15), Duration.ofSeconds(5));
        new PostgresOwnerLeases(database, lease).renew().await().atMost(TIMEOUT);
        return lease;
    }

    /** As if the process had been killed a minute ago: its lease was last renewed then. */
    private void lapse(OwnerLease lease) {
        database.preparedQuery("update executor_owner set renewed_at = now() - interval '1 minute' where owner = $1")
                .execute(Tuple.of(lease.owner())).await().atMost(TIMEOUT);
    }

    private void insertOwnerlessClaim(Duration ago) {
        database.preparedQuery("insert into executor_call (run_key, iteration, action_id, state, claimed_at)"
                        + " values ($1, $2, $3, 'claimed', now() - ($4 * interval '1 millisecond'))")
                .execute(Tuple.of(key.runKey(), key.iteration(), key.actionId(), ago.toMillis()))
                .await().atMost(TIMEOUT);
    }

    private PostgresCallLedger ledgerOf(OwnerLease lease) {
        return new PostgresCallLedger(database, CLAIM_TIMEOUT, lease);
    }

    private PostgresCallLedger ledgerOf(OwnerLease lease, Runnable takenOver) {
        return new PostgresCallLedger(database, CLAIM_TIMEOUT, lease, takenOver);
    }

    private CallLedger.Claim claim(PostgresCallLedger ledger) {
        return ledger.claim(key).toCompletableFuture().join();
    }
}
