package dev.capplanner.executor.authorization;

import dev.capplanner.executor.request.ToolEndpoint;
import java.util.Set;

/**
 * Whether an endpoint's target can take a call now: it is known (configured, or a target the
 * registry may name for the run's owner), and (when the executor guards it with a circuit breaker)
 * its breaker is not open. A call to an unavailable target is refused at the last mile, so it never
 * reaches the remote side.
 */
public interface TargetAvailability {

    boolean configured(ToolEndpoint endpoint);

    boolean available(ToolEndpoint endpoint);

    /** Configured targets that are always available (no breaker). */
    static TargetAvailability of(Set<String> targets) {
        Set<String> known = Set.copyOf(targets);
        return new TargetAvailability() {
            @Override
            public boolean configured(ToolEndpoint endpoint) {
                return known.contains(endpoint.service());
            }

            @Override
            public boolean available(ToolEndpoint endpoint) {
                return known.contains(endpoint.service());
            }
        };
    }
}
