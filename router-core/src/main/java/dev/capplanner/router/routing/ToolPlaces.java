package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import java.util.ArrayList;
import java.util.List;

/**
 * A route's places are counted in tools, not slots (rule "no route holds more than eight
 * candidates"; the planner sees the full schema of each): a look-alike family's members count
 * toward the limit. Every slot keeps its lead; the places left go to members, the first member of
 * each slot before any second one (in the slots' rank order), so one large family does not crowd
 * out the others' alternatives. Prerequisite finders are slots, so they come before any member.
 */
public final class ToolPlaces {

    private ToolPlaces() {
    }

    /** The candidates with members dropped until at most {@code limit} tools are offered in all. */
    public static List<RoutedCandidate> fit(List<RoutedCandidate> candidates, int limit) {
        if (candidates.size() > limit) {
            throw new IllegalArgumentException(candidates.size() + " slots for " + limit + " places");
        }
        int free = limit - candidates.size();
        List<List<Capability>> kept = new ArrayList<>();
        candidates.forEach(candidate -> kept.add(new ArrayList<>()));
        for (int position = 0; free > 0; position++) {
            boolean any = false;
            for (int slot = 0; slot < candidates.size() && free > 0; slot++) {
                List<Capability> members = candidates.get(slot).lookAlikes();
                if (position < members.size()) {
                    kept.get(slot).add(members.get(position));
                    free--;
                    any = true;
                }
            }
            if (!any) {
                break;
            }
        }
        List<RoutedCandidate> fitted = new ArrayList<>(candidates.size());
        for (int slot = 0; slot < candidates.size(); slot++) {
            RoutedCandidate candidate = candidates.get(slot);
            fitted.add(new RoutedCandidate(candidate.capability(), candidate.score(), candidate.reasons(),
                    kept.get(slot)));
        }
        return fitted;
    }

    /** How many tools the candidates offer a planner: each slot's capability and its members. */
    public static int tools(List<RoutedCandidate> candidates) {
        return candidates.stream().mapToInt(candidate -> 1 + candidate.lookAlikes().size()).sum();
    }
}
