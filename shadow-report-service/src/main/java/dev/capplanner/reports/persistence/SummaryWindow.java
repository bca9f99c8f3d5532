package dev.capplanner.reports.persistence;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * How a summary's window {@code [from, to)} is read: its whole hours {@code [rollupFrom, rollupTo)}
 * from the hourly rollup, the partial hour at each end ({@code [headFrom, headTo)} and
 * {@code [tailFrom, tailTo)}) from the reports themselves, so the window is exact to the instant. A
 * window inside one or two partial hours has no whole hour: it is all head.
 */
record SummaryWindow(Instant rollupFrom, Instant rollupTo, Instant headFrom, Instant headTo, Instant tailFrom,
                     Instant tailTo) {

    static SummaryWindow of(Instant from, Instant to) {
        Instant firstWholeHour = from.truncatedTo(ChronoUnit.HOURS).equals(from) ? from
                : from.truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
        Instant lastWholeHourEnd = to.truncatedTo(ChronoUnit.HOURS);
        if (!firstWholeHour.isBefore(lastWholeHourEnd)) {
            return new SummaryWindow(from, from, from, to, to, to);
        }
        return new SummaryWindow(firstWholeHour, lastWholeHourEnd, from, firstWholeHour, lastWholeHourEnd, to);
    }
}
