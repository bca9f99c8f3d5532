package dev.capplanner.reports.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Which part of a summary's window the rollup answers, and which the reports themselves. */
class SummaryWindowTest {

    static Instant at(String time) {
        return Instant.parse("2026-11-20T" + time + "Z");
    }

    @Test
    void wholeHoursComeFromTheRollupAndThePartialHoursAtBothEndsFromTheReports() {
        SummaryWindow window = SummaryWindow.of(at("09:17:00"), at("14:23:00"));
        assertThat(window).isEqualTo(new SummaryWindow(at("10:00:00"), at("14:00:00"), at("09:17:00"), at("10:00:00"),
                at("14:00:00"), at("14:23:00")));
    }

    @Test
    void aWindowOnHourBoundariesIsAllRollup() {
        SummaryWindow window = SummaryWindow.of(at("09:00:00"), at("12:00:00"));
        assertThat(window.rollupFrom()).isEqualTo(at("09:00:00"));
        assertThat(window.rollupTo()).isEqualTo(at("12:00:00"));
        assertThat(window.headFrom()).isEqualTo(window.headTo());
        assertThat(window.tailFrom()).isEqualTo(window.tailTo());
    }

    @Test
    void aWindowWithoutAWholeHourIsAllReports() {
        SummaryWindow window = SummaryWindow.of(at("09:17:00"), at("10:23:00"));
        assertThat(window.rollupFrom()).isEqualTo(window.rollupTo());
        assertThat(window.headFrom()).isEqualTo(at("09:17:00"));
        assertThat(window.headTo()).isEqualTo(at("10:23:00"));
        assertThat(window.tailFrom()).isEqualTo(window.tailTo());
    }
}
