package dev.capplanner.router.routing.llm;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.PrerequisiteExpansion;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.routing.RouteReport;
import dev.capplanner.router.routing.RoutedCandidate;
import dev.capplanner.router.routing.RouterView;
import dev.capplanner.router.routing.RouterViews;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A language model chooses the route from the router view (rule "router view"): it sees at most 40 compact
 * capabilities plus the omitted families, may ask for up to {@link #MAX_FAMILY_REQUESTS} of those
 * families (answered by a deterministic second lookup against the snapshot), and names the tools.
 *
 * <p>Its answer is untrusted: a name or family outside the snapshot is dropped and counted (never
 * looked up, never reported by name), and the route never exceeds {@link CapabilityRouter#MAX_CANDIDATES}.
 * When the model fails or answers something unusable, the deterministic route is used and the
 * fallback is reported on the route.
 */
public final class LlmRouter implements CapabilityRouter {

    public static final String NAME = "llm";
    static final int MAX_FAMILY_REQUESTS = 2;

    private final RouterModel model;
    private final CapabilityRouter fallback;
    private final int limit;
    private final RouterViews views = new RouterViews();
    private final PrerequisiteExpansion expansion = new PrerequisiteExpansion();
    private final RouteFallbacks fallbacks;

    public LlmRouter(RouterModel model, CapabilityRouter fallback, int limit) {
        this(model, fallback, limit, RouteFallbacks.NONE);
    }

    public LlmRouter(RouterModel model, CapabilityRouter fallback, int limit, RouteFallbacks fallbacks) {
        if (limit < 1) {
            throw new IllegalArgumentException("a route needs room for at least one candidate");
        }
        this.model = model;
        this.fallback = fallback;
        this.limit = Math.min(limit, MAX_CANDIDATES);
        this.fallbacks = fallbacks;
    }

    @Override
    public Route route(RankingQuery query, CapabilityRanker snapshotIndex) {
        RouterView view = views.view(snapshotIndex, query);
        RouterAnswer answer;
        List<String> families = List.of();
        int unknownFamilies = 0;
        try {
            answer = model.choose(RouterPrompt.of(query, view));
            List<String> requested = requestedFamilies(answer);
            List<String> known = requested.stream().filter(f -> isSnapshotFamily(f, snapshotIndex)).toList();
            unknownFamilies = requested.size() - known.size();
            families = known.stream().limit(MAX_FAMILY_REQUESTS).toList();
            if (!families.isEmpty()) {
                view = withFamilies(view, families, snapshotIndex, query);
                answer = model.choose(RouterPrompt.of(query, view));
            }
        } catch (RuntimeException e) {
            // The exception type only: a model's error text can echo the question.
            fallbacks.fellBack(RouteFallbacks.Reason.MODEL_FAILED);
            return fallBack(query, snapshotIndex, "model failed: " + e.getClass().getSimpleName());
        }
        if (answer == null || answer.tools() == null) {
            fallbacks.fellBack(RouteFallbacks.Reason.UNUSABLE_ANSWER);
            return fallBack(query, snapshotIndex, "malformed model output: no tools list");
        }
        return validated(answer.tools(), families, unknownFamilies, snapshotIndex, view);
    }

    private static boolean isSnapshotFamily(String family, CapabilityRanker index) {
        return index.capabilities().stream().anyMatch(c -> c.family().equals(family));
    }

    private static List<String> requestedFamilies(RouterAnswer answer) {
        if (answer == null || answer.families() == null) {
            return List.of();
        }
        return answer.families().stream().filter(f -> f != null && !f.isBlank()).distinct().toList();
    }

    /**
     * The second lookup: the requested families' best capabilities join the view. Families are
     * looked up in the snapshot only, so a family outside it adds nothing.
     */
    private RouterView withFamilies(RouterView view, List<String> families, CapabilityRanker index, RankingQuery query) {
        Map<String, RankedCapability> visible = new LinkedHashMap<>();
        view.visible().forEach(r -> visible.put(r.capability().name(), r));
        for (String family : families) {
            views.lookupFamily(index, family, query, limit).forEach(r -> visible.putIfAbsent(r.capability().name(), r));
        }
        return new RouterView(new ArrayList<>(visible.values()), view.omittedFamilies().stream()
                .filter(f -> !families.contains(f.family())).toList());
    }

    /** Unknown families count as dropped names and are not reported: a model can echo anything there. */
    private Route validated(List<String> names, List<String> families, int unknownFamilies, CapabilityRanker index,
                            RouterView view) {
        Map<String, Capability> snapshot = new HashMap<>();
        index.capabilities().forEach(c -> snapshot.put(c.name(), c));
        Map<String, RankedCapability> shown = new HashMap<>();
        view.visible().forEach(r -> shown.put(r.capability().name(), r));
        Map<String, RoutedCandidate> chosen = new LinkedHashMap<>();
        int dropped = unknownFamilies;
        for (String name : names) {
            Capability capability = name == null ? null : snapshot.get(name);
            if (capability == null) {
                dropped++;
            } else if (chosen.size() < limit) {
                RankedCapability ranked = shown.get(name);
                List<MatchReason> reasons = new ArrayList<>(List.of(new MatchReason.ChosenByModel()));
                if (ranked != null) {
                    reasons.addAll(ranked.reasons());
                }
                chosen.putIfAbsent(name, new RoutedCandidate(capability, ranked == null ? 0.0 : ranked.score(), reasons));
            }
        }
        List<RoutedCandidate> candidates = expansion.expand(new ArrayList<>(chosen.values()), index.capabilities(), limit);
        return new Route(candidates, NAME, new RouteReport(dropped, families, null));
    }

    private Route fallBack(RankingQuery query, CapabilityRanker index, String reason) {
        Route deterministic = fallback.route(query, index);
        return new Route(deterministic.candidates(), deterministic.router(), new RouteReport(0, List.of(), reason));
    }
}
