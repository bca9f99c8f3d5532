package dev.capplanner.executor.authorization;

import java.util.Set;

/**
 * Whether a target can take a call now: it is configured, and (when the executor guards it with a
 * circuit breaker) its breaker is not open. A call to an unavailable target is refused at the last
 * mile, so it never reaches the remote side.
 */
public interface TargetAvailability {

    boolean configured(String target);

    boolean available(String target);

    /** Configured targets that are always available (no breaker). */
    static TargetAvailability of(Set<String> targets) {
        Set<String> known = Set.copyOf(targets);
        return new TargetAvailability() {
            @Override
            public boolean configured(String target) {
                return known.contains(target);
            }

            @Override
            public boolean available(String target) {
                return known.contains(target);
            }
        };
    }
}
