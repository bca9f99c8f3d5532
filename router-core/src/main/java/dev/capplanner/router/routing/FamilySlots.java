package dev.capplanner.router.routing;

import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One slot per look-alike family: when several providers' tools do the same thing (weather, issue
 * search, screenshots), they would otherwise crowd a route's eight places and push out the tool
 * for the question's other need. The best-ranked member takes the family's slot, where it ranked;
 * the members ranked after it ride along in that slot (listed, never dropped: the question may name
 * their provider). A slot holds at most {@code maxMembers} besides its lead; a member beyond that
 * takes a slot of its own, as it would without families. Families are read from the ranking's
 * {@link MatchReason.LookAlikes} reasons, so a ranking without them comes back one slot per tool.
 */
public final class FamilySlots {

    /** A family's (or a lone capability's) place in a route: the best-ranked member and those after it. */
    public record Slot(RankedCapability lead, List<RankedCapability> members) {
        public Slot {
            members = List.copyOf(members);
        }
    }

    private FamilySlots() {
    }

    public static List<Slot> of(List<RankedCapability> ranking, int maxMembers) {
        List<RankedCapability> leads = new ArrayList<>();
        List<List<RankedCapability>> members = new ArrayList<>();
        Map<String, Integer> slotOfFamilyMember = new HashMap<>();
        for (RankedCapability ranked : ranking) {
            Integer slot = slotOfFamilyMember.get(ranked.capability().name());
            if (slot != null && members.get(slot).size() < maxMembers) {
                members.get(slot).add(ranked);
                continue;
            }
            leads.add(ranked);
            members.add(new ArrayList<>());
            int opened = leads.size() - 1;
            for (String other : lookAlikes(ranked)) {
                slotOfFamilyMember.putIfAbsent(other, opened);
            }
        }
        List<Slot> slots = new ArrayList<>(leads.size());
        for (int i = 0; i < leads.size(); i++) {
            slots.add(new Slot(leads.get(i), members.get(i)));
        }
        return slots;
    }

    private static List<String> lookAlikes(RankedCapability ranked) {
        for (MatchReason reason : ranked.reasons()) {
            if (reason instanceof MatchReason.LookAlikes family) {
                return family.others();
            }
        }
        return List.of();
    }
}
