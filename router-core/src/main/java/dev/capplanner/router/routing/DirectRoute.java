package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.MatchReason;
import java.util.List;
import java.util.function.Predicate;

/**
 * The route of a direct call ({@code toolCall}): the one capability the caller named, when the run's
 * snapshot holds it and the tenant's policy for the MCP channel admits it (a direct call is that
 * channel's kind of call wherever it was sent from: over MCP, {@code POST /turns} or Kafka), else nothing. Nothing is ranked, and no other capability rides along, so the
 * planner can plan only that call; a name the snapshot does not hold is counted as dropped, as a
 * model's would be, and the route says why it is empty without saying whether the name exists elsewhere.
 */
public final class DirectRoute {

    public static final String ROUTER = "direct";
    public static final String NOT_IN_SNAPSHOT = "the called tool is not in the caller's snapshot";

    private DirectRoute() {
    }

    /** @param admitted what the tenant's policy for the MCP channel admits, by name */
    public static Route of(String tool, List<Capability> snapshot, Predicate<String> admitted) {
        return snapshot.stream().filter(capability -> capability.name().equals(tool) && admitted.test(tool)).findFirst()
                .map(capability -> new Route(List.of(new RoutedCandidate(capability, 1.0,
                        List.of(new MatchReason.CalledByName()))), ROUTER))
                .orElseGet(() -> new Route(List.of(), ROUTER, new RouteReport(1, List.of(), NOT_IN_SNAPSHOT)));
    }
}
