package dev.capplanner.principals.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A verified service token is checked once until it expires; nothing else is remembered. */
class RememberedServiceCallersTest {

    static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");
    static final ServiceCaller EXECUTOR = new ServiceCaller("executor-service", Set.of("authorize"));

    final List<String> verified = new ArrayList<>();
    final MutableClock clock = new MutableClock();

    /** A verifier that admits "good-*" tokens until ten minutes from NOW and refuses the rest. */
    final ServiceCallers verifier = token -> {
        verified.add(token);
        return token.startsWith("good") ? new CallerCheck.Known(EXECUTOR, NOW.plus(Duration.ofMinutes(10)))
                : new CallerCheck.Unknown("token signature does not verify");
    };

    @Test
    void aVerifiedTokenIsCheckedAgainOnlyAfterAMinute() {
        RememberedServiceCallers callers = new RememberedServiceCallers(verifier, clock);
        assertThat(callers.verify("good-1")).isInstanceOf(CallerCheck.Known.class);
        clock.now = NOW.plusSeconds(59);
        assertThat(callers.verify("good-1")).isEqualTo(new CallerCheck.Known(EXECUTOR, NOW.plus(Duration.ofMinutes(10))));
        assertThat(verified).containsExactly("good-1");

        clock.now = NOW.plus(RememberedServiceCallers.VERIFY_AGAIN_AFTER);
        callers.verify("good-1");
        assertThat(verified).containsExactly("good-1", "good-1");
    }

    @Test
    void neverPastItsExpiry() {
        clock.now = NOW.plus(Duration.ofMinutes(9)).plusSeconds(30);
        RememberedServiceCallers callers = new RememberedServiceCallers(verifier, clock);
        callers.verify("good-1");
        clock.now = NOW.plus(Duration.ofMinutes(10));
        callers.verify("good-1");
        assertThat(verified).as("expired 30 s after it was verified, within the minute").containsExactly("good-1", "good-1");
    }

    @Test
    void aRefusedTokenIsVerifiedAgainEveryTime() {
        RememberedServiceCallers callers = new RememberedServiceCallers(verifier, clock);
        assertThat(callers.verify("forged")).isInstanceOf(CallerCheck.Unknown.class);
        assertThat(callers.verify("forged")).isInstanceOf(CallerCheck.Unknown.class);
        assertThat(verified).containsExactly("forged", "forged");
    }

    @Test
    void anAlreadyExpiredAnswerIsNotKept() {
        clock.now = NOW.plus(Duration.ofHours(1));
        RememberedServiceCallers callers = new RememberedServiceCallers(verifier, clock);
        callers.verify("good-late");
        callers.verify("good-late");
        assertThat(verified).containsExactly("good-late", "good-late");
    }

    @Test
    void pastItsBoundItForgetsRatherThanGrows() {
        RememberedServiceCallers callers = new RememberedServiceCallers(verifier, clock);
        for (int i = 0; i <= RememberedServiceCallers.MAX_REMEMBERED; i++) {
            callers.verify("good-" + i);
        }
        callers.verify("good-0");
        assertThat(verified).hasSize(RememberedServiceCallers.MAX_REMEMBERED + 2);
    }

    static final class MutableClock extends Clock {
        Instant now = NOW;

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
