package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.executor.invocation.OwnerLease;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Rule "a process sends only while it can show it is alive": a send may start only while the lease
 * was renewed less than its length minus the longest send ago, so every send ends before another
 * replica may take the call over.
 */
class OwnerLeaseTest {

    static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    final OwnerLease lease = new OwnerLease("executor-1", Duration.ofSeconds(15), Duration.ofSeconds(5));

    @Test
    void aLeaseNeverRenewedAllowsNoSend() {
        assertThat(lease.maySend(System.nanoTime())).isFalse();
    }

    @Test
    void aSendMayStartOnlyWhileItWouldEndBeforeTheLeaseCouldLapse() {
        long renewedAt = System.nanoTime();
        lease.renewed(renewedAt);
        assertThat(lease.maySend(renewedAt + 9 * SECOND)).as("15 s lease, 5 s sends: 9 s after renewal").isTrue();
        assertThat(lease.maySend(renewedAt + 10 * SECOND)).as("a send started now could outlive the lease")
                .isFalse();
    }

    @Test
    void aRenewalAnsweredLateDoesNotMoveTheLeaseBack() {
        long now = System.nanoTime();
        lease.renewed(now);
        lease.renewed(now - 4 * SECOND);
        assertThat(lease.maySend(now + 8 * SECOND)).isTrue();
    }

    @Test
    void itIsRenewedFiveTimesPerLength() {
        assertThat(lease.renewEvery()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aLeaseThatCannotOutlastTheLongestSendByTwoRenewalsIsRefused() {
        assertThatThrownBy(() -> new OwnerLease("executor-1", Duration.ofSeconds(6), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too short");
    }

    @Test
    void everyProcessGetsAnOwnerNameOfItsOwn() {
        assertThat(OwnerLease.forNewProcess(Duration.ofSeconds(15), Duration.ofSeconds(5)).owner())
                .isNotEqualTo(OwnerLease.forNewProcess(Duration.ofSeconds(15), Duration.ofSeconds(5)).owner());
    }
}
