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
 * One discovery API for every consumer (rules "discovery offer" and "discovery channels"). Security
 * filtering happens before ranking: only read-only snapshot capabilities that are also permissioned
 * and admitted by the channel's policy are considered, a permissioned name unknown to the snapshot
 * is denied (fail-closed), and no permissions give an empty offer, never the catalog. A ranking
 * channel's default limit follows the execution mode (analyzer {@value #ANALYZER_LIMIT}, supervised
 * or autonomous {@value #AUTONOMOUS_LIMIT}) or else the channel; an unranked listing (workflow, MCP
 * {@code tools/list} without a query) lists by name up to the hard maximum. Every limit is bounded
 * by the hard maximum.
 */
public final class ToolDiscovery {

    public static final int HARD_MAX_LIMIT = 256;
    static final int ANALYZER_LIMIT = 48;
    static final int AUTONOMOUS_LIMIT = 128;
    /** The strategy an unranked listing reports. */
    public static final String UNRANKED = "none";
    /** Preferred names and the capability hint lift a tool by this share of the best score (at least 1). */
    static final double PREFERENCE_SHARE = 0.5;

    /** @param strategy the name of the ranking strategy behind {@code snapshotIndex}, reported in the offer */
    public DiscoveryOffer discover(DiscoveryRequest request, CapabilityRanker snapshotIndex, String strategy) {
        long started = System.nanoTime();
        int requested = request.requestedLimit() == null ? defaultLimit(request) : request.requestedLimit();
        int effective = Math.max(0, Math.min(requested, HARD_MAX_LIMIT));
        Map<String, Capability> known = new LinkedHashMap<>();
        for (Capability capability : snapshotIndex.capabilities()) {
            if (request.permissionedNames().contains(capability.name())) {
                known.put(capability.name(), capability);
            }
        }
        int denied = request.permissionedNames().size() - known.size();
        Map<String, Capability> authorized = new LinkedHashMap<>();
        known.forEach((name, capability) -> {
            if (capability.readOnly() && request.channelPolicy().admits(name)) {
                authorized.put(name, capability);
            }
        });
        boolean ranked = request.channel().ranks(request.query());
        List<OfferedTool> offered = authorized.isEmpty() || effective == 0 ? List.of()
                : ranked ? select(request, snapshotIndex, authorized.keySet(), effective)
                : listed(authorized, effective);
        return new DiscoveryOffer(offered, ranked ? strategy : UNRANKED, request.channel().wireName(),
                request.executionMode(), false, requested, effective, authorized.size(), denied,
                (System.nanoTime() - started) / 1e6);
    }

    /** The default limit: a listing shows up to the hard maximum; a ranking follows the mode, else the channel. */
    static int defaultLimit(DiscoveryRequest request) {
        if (!request.channel().ranks(request.query())) {
            return HARD_MAX_LIMIT;
        }
        return switch (request.executionMode().toLowerCase(java.util.Locale.ROOT)) {
            case "analyzer" -> ANALYZER_LIMIT;
            case "supervised", "autonomous" -> AUTONOMOUS_LIMIT;
            default -> request.channel().defaultLimit();
        };
    }

    /** Every authorized capability by name, unranked (workflow, MCP {@code tools/list}). */
    private static List<OfferedTool> listed(Map<String, Capability> authorized, int limit) {
        return authorized.values().stream().sorted(Comparator.comparing(Capability::name)).limit(limit)
                .map(capability -> new OfferedTool(capability.name(), 0, List.of(new MatchReason.Requested("listed")),
                        capability.family(), List.of(capability.kind(), capability.entity()), "none"))
                .toList();
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
