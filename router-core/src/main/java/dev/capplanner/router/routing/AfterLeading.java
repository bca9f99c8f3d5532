package dev.capplanner.router.routing;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a rule's additions go in a route: right after its leading candidates, so that the places a
 * full route gives up first are not theirs. In a full route the lowest-ranked slot the rankers
 * scored gives way, never a finder another candidate needs (score 0, added for its identifier);
 * when no scored slot is left to give, the last addition itself gives way.
 */
final class AfterLeading {

    private AfterLeading() {
    }

    static List<RoutedCandidate> insert(List<RoutedCandidate> routed, int leading, List<RoutedCandidate> added,
                                        int limit) {
        if (added.isEmpty()) {
            return routed;
        }
        int lead = Math.min(leading, routed.size());
        List<RoutedCandidate> additions = new ArrayList<>(added);
        List<RoutedCandidate> with = new ArrayList<>(routed.subList(0, lead));
        with.addAll(additions);
        with.addAll(routed.subList(lead, routed.size()));
        while (with.size() > limit) {
            int lowestScored = lowestScored(with, lead + additions.size());
            if (lowestScored >= 0) {
                with.remove(lowestScored);
            } else {
                with.remove(lead + additions.size() - 1);
                additions.remove(additions.size() - 1);
            }
        }
        return with;
    }

    /** The last slot from {@code from} on that the rankers scored, or -1. */
    private static int lowestScored(List<RoutedCandidate> route, int from) {
        for (int i = route.size() - 1; i >= from; i--) {
            if (route.get(i).score() > 0) {
                return i;
            }
        }
        return -1;
    }
}
