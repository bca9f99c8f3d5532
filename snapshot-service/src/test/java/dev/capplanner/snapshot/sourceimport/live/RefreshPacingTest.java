package dev.capplanner.snapshot.sourceimport.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RefreshPacingTest {

    private static final Instant LAST = Instant.parse("2026-12-04T10:00:00Z");
    private final RefreshPacing pacing = new RefreshPacing(Duration.ofSeconds(10));

    @Test
    void aServersFirstChangeIsRefreshedAtOnce() {
        assertThat(pacing.delay(Optional.empty(), LAST)).isZero();
    }

    @Test
    void aChangeSoonAfterARefreshWaitsForTheRestOfTheInterval() {
        assertThat(pacing.delay(Optional.of(LAST), LAST.plusSeconds(3))).isEqualTo(Duration.ofSeconds(7));
        assertThat(pacing.delay(Optional.of(LAST), LAST)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aChangeAfterAQuietIntervalIsRefreshedAtOnce() {
        assertThat(pacing.delay(Optional.of(LAST), LAST.plusSeconds(10))).isZero();
        assertThat(pacing.delay(Optional.of(LAST), LAST.plusSeconds(60))).isZero();
    }

    @Test
    void aClockThatWentBackNeverWaitsLongerThanTheInterval() {
        assertThat(pacing.delay(Optional.of(LAST), LAST.minusSeconds(5))).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aNegativeIntervalIsRefused() {
        assertThatThrownBy(() -> new RefreshPacing(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }
}
