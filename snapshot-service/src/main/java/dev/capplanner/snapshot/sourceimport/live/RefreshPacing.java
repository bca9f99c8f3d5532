package dev.capplanner.snapshot.sourceimport.live;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How long a server's change notification waits before its refresh: a server that announces changes
 * without end (a compromised or broken one) is refreshed at most once per interval, so it cannot keep
 * the registry re-importing, nor starve the refreshes of other tenants' servers that share the one
 * refresh thread. The first change after a quiet interval is refreshed at once.
 */
public record RefreshPacing(Duration minInterval) {

    public RefreshPacing {
        Objects.requireNonNull(minInterval, "minInterval");
        if (minInterval.isNegative()) {
            throw new IllegalArgumentException("the refresh interval cannot be negative: " + minInterval);
        }
    }

    /** The wait before a refresh asked for at {@code now}, given when the server's last refresh began. */
    public Duration delay(Optional<Instant> lastRefresh, Instant now) {
        if (lastRefresh.isEmpty()) {
            return Duration.ZERO;
        }
        Duration remaining = Duration.between(now, lastRefresh.get().plus(minInterval));
        if (remaining.isNegative()) {
            return Duration.ZERO;
        }
        // A clock set back must not stretch the wait past one interval.
        return remaining.compareTo(minInterval) > 0 ? minInterval : remaining;
    }
}
