package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the router's view of a snapshot and answers its requests for an omitted family with a
 * deterministic second lookup against the complete snapshot index.
 */
public final class RouterViews {

    public RouterView view(CapabilityRanker index, RankingQuery query) {
        if (index.capabilities().size() <= RouterView.FULL_VIEW_LIMIT) {
            return new RouterView(index.rank(query), List.of());
        }
        List<RankedCapability> visible = index.rank(query, RouterView.FULL_VIEW_LIMIT);
        Set<String> shown = new HashSet<>();
        visible.forEach(r -> shown.add(r.capability().name()));
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, Set<String>> operations = new TreeMap<>();
        for (Capability capability : index.capabilities()) {
            if (!shown.contains(capability.name())) {
                counts.merge(capability.family(), 1, Integer::sum);
                operations.computeIfAbsent(capability.family(), f -> new TreeSet<>()).add(capability.operation());
            }
        }
        List<OmittedFamily> omitted = counts.entrySet().stream()
                .map(e -> new OmittedFamily(e.getKey(), e.getValue(), List.copyOf(operations.get(e.getKey()))))
                .toList();
        return new RouterView(visible, omitted);
    }

    /**
     * The second lookup: the requested family's capabilities, best first for the question, at most
     * {@code limit}. Only the snapshot is searched, so a request naming a family (or anything else)
     * outside the snapshot finds nothing: it cannot widen the run's authority.
     */
    public List<RankedCapability> lookupFamily(CapabilityRanker index, String family, RankingQuery query, int limit) {
        return index.rank(query).stream()
                .filter(r -> r.capability().family().equals(family))
                .limit(Math.max(0, Math.min(limit, CapabilityRouter.MAX_CANDIDATES)))
                .toList();
    }
}
