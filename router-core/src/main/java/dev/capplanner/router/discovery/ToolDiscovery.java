package dev.capplanner.router.discovery;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One discovery API for every consumer (rule "discovery offer"). Security filtering
 * happens before ranking: only snapshot capabilities that are also permissioned are considered, a
 * permissioned name unknown to the snapshot is denied (fail-closed), and no permissions give an
 * empty offer, never the catalog. Limits have a per-channel default and a hard maximum.
 */
public final class ToolDiscovery {

    public static final int HARD_MAX_LIMIT = 100;
    /** Preferred names and the capability hint lift a tool by this share of the best score (at least 1). */
    static final double PREFERENCE_SHARE = 0.5;

    /** @param strategy the name of the ranking strategy behind {@code snapshotIndex}, reported in the offer */
    public DiscoveryOffer discover(DiscoveryRequest request, CapabilityRanker snapshotIndex, String strategy) {
        long started = System.nanoTime();
        int requested = request.requestedLimit() == null ? request.channel().defaultLimit() : request.requestedLimit();
        int effective = Math.max(0, Math.min(requested, HARD_MAX_LIMIT));
        Map<String, Capability> authorized = new LinkedHashMap<>();
        for (Capability capability : snapshotIndex.capabilities()) {
            if (request.permissionedNames().contains(capability.name())) {
                authorized.put(capability.name(), capability);
            }
        }
        int denied = request.permissionedNames().size() - authorized.size();
        List<OfferedTool> offered = authorized.isEmpty() || effective == 0
                ? List.of() : select(request, snapshotIndex, authorized.keySet(), effective);
        return new DiscoveryOffer(offered, strategy, request.channel().wireName(), request.executionMode(), false,
                requested, effective, authorized.size(), denied, (System.nanoTime() - started) / 1e6);
    }

    private List<OfferedTool> select(DiscoveryRequest request, CapabilityRanker index, Set<String> authorized, int limit) {
        RankingQuery query = new RankingQuery(request.query(), request.history(), null);
        List<RankedCapability> ranked = new ArrayList<>(index.rank(query).stream()
                .filter(r -> authorized.contains(r.capability().name()))
                .toList());
        double best = ranked.stream().mapToDouble(RankedCapability::score).max().orElse(0);
        double lift = Math.max(1.0, best * PREFERENCE_SHARE);
        List<RankedCapability> lifted = new ArrayList<>();
        for (RankedCapability r : ranked) {
            boolean preferred = request.preferredNames().contains(r.capability().name()) || matchesHint(r, request);
            lifted.add(preferred && r.relevant()
                    ? new RankedCapability(r.capability(), r.score() + lift, true, r.reasons())
                            .because(new MatchReason.Requested("preferred")) : r);
        }
        lifted.sort(Comparator.comparingDouble(RankedCapability::score).reversed()
                .thenComparing(r -> r.capability().name()));
        Map<String, OfferedTool> chosen = new LinkedHashMap<>();
        for (String forced : request.forcedNames()) {
            lifted.stream().filter(r -> r.capability().name().equals(forced)).findFirst()
                    .ifPresent(r -> chosen.putIfAbsent(forced, offered(r, "forced")));
        }
        for (RankedCapability r : lifted) {
            if (request.protectedNames().contains(r.capability().name()) && r.relevant()) {
                chosen.putIfAbsent(r.capability().name(), offered(r, "protected"));
            }
        }
        for (RankedCapability r : lifted) {
            if (r.relevant()) {
                chosen.putIfAbsent(r.capability().name(), offered(r, null));
            }
        }
        return chosen.values().stream().limit(limit).toList();
    }

    private static boolean matchesHint(RankedCapability ranked, DiscoveryRequest request) {
        String hint = request.capabilityHint();
        return hint != null && !hint.isBlank() && (ranked.capability().family().equalsIgnoreCase(hint)
                || ranked.capability().entity().equalsIgnoreCase(hint));
    }

    private static OfferedTool offered(RankedCapability ranked, String because) {
        Capability capability = ranked.capability();
        List<MatchReason> reasons = new ArrayList<>();
        if (because != null) {
            reasons.add(new MatchReason.Requested(because));
        }
        reasons.addAll(ranked.reasons());
        return new OfferedTool(capability.name(), ranked.score(), reasons, capability.family(),
                List.of(capability.kind(), capability.entity()), capability.readOnly() ? "none" : "write");
    }
}
