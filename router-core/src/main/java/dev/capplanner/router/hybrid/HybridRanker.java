package dev.capplanner.router.hybrid;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.semantic.SemanticIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Keyword and semantic ranking fused per step of the question. For each step, both rankings'
 * top candidates get scores normalized to [0, 1] within the step (keyword: share of the best BM25
 * score; semantic: position between the pool's lowest and highest similarity) and are summed with
 * weights ({@link #KEYWORD_WEIGHT} per step of a multi-step request, {@link #SINGLE_STEP_KEYWORD_WEIGHT}
 * for a single step; semantic takes the rest). Multi-step questions then interleave the
 * steps' fused rankings (round robin), so each step's best tools reach the top of the route.
 */
public final class HybridRanker implements CapabilityRanker {

    /** Per step of a multi-step request: steps name their objects, where keywords are reliable. */
    static final double KEYWORD_WEIGHT = 0.5;
    /** A single-step request is often short and vague, where lexical overlap fails: lean on meaning. */
    static final double SINGLE_STEP_KEYWORD_WEIGHT = 0.3;
    /** How deep each strategy's ranking is read per step. */
    static final int POOL = 50;

    private final KeywordIndex keyword;
    private final SemanticIndex semantic;
    private final QuestionSteps steps = new QuestionSteps();

    public HybridRanker(KeywordIndex keyword, SemanticIndex semantic) {
        if (!keyword.capabilities().equals(semantic.capabilities())) {
            throw new IllegalArgumentException("both indexes must cover the same snapshot");
        }
        this.keyword = keyword;
        this.semantic = semantic;
    }

    @Override
    public List<Capability> capabilities() {
        return keyword.capabilities();
    }

    @Override
    public List<RankedCapability> rank(RankingQuery query, int limit) {
        List<String> parts = steps.split(query.question());
        double keywordWeight = parts.size() > 1 ? KEYWORD_WEIGHT : SINGLE_STEP_KEYWORD_WEIGHT;
        List<List<RankedCapability>> perStep = new ArrayList<>();
        for (String part : parts) {
            perStep.add(fuse(new RankingQuery(part, query.recentTurns(), query.currentSelection()), keywordWeight));
        }
        Map<String, RankedCapability> merged = new LinkedHashMap<>();
        for (int round = 0; merged.size() < limit && round < POOL; round++) {
            for (List<RankedCapability> ranking : perStep) {
                if (round < ranking.size()) {
                    merged.putIfAbsent(ranking.get(round).capability().name(), ranking.get(round));
                }
            }
        }
        List<RankedCapability> ranked = new ArrayList<>(merged.values());
        if (ranked.size() < limit) {
            for (RankedCapability rest : keyword.rank(query, Math.min(capabilities().size(), limit + merged.size()))) {
                if (ranked.size() >= limit) {
                    break;
                }
                if (!merged.containsKey(rest.capability().name())) {
                    ranked.add(new RankedCapability(rest.capability(), 0.0, rest.matchReason()));
                }
            }
        }
        return ranked.size() > limit ? ranked.subList(0, limit) : ranked;
    }

    private List<RankedCapability> fuse(RankingQuery query, double keywordWeight) {
        List<RankedCapability> lexical = keyword.rank(query, POOL);
        List<RankedCapability> meaning = semantic.rank(query, POOL);
        double bestLexical = lexical.isEmpty() ? 0 : lexical.get(0).score();
        double highest = meaning.isEmpty() ? 0 : meaning.get(0).score();
        double lowest = meaning.isEmpty() ? 0 : meaning.get(meaning.size() - 1).score();
        Map<String, Double> fused = new HashMap<>();
        Map<String, Capability> byName = new HashMap<>();
        Map<String, String> reasons = new HashMap<>();
        for (RankedCapability r : lexical) {
            if (bestLexical > 0 && r.score() > 0) {
                fused.merge(r.capability().name(), keywordWeight * r.score() / bestLexical, Double::sum);
                byName.put(r.capability().name(), r.capability());
                reasons.put(r.capability().name(), r.matchReason());
            }
        }
        for (RankedCapability r : meaning) {
            double normalized = highest > lowest ? (r.score() - lowest) / (highest - lowest) : 1.0;
            fused.merge(r.capability().name(), (1 - keywordWeight) * normalized, Double::sum);
            byName.put(r.capability().name(), r.capability());
            reasons.merge(r.capability().name(), r.matchReason(), (a, b) -> a + "; " + b);
        }
        List<RankedCapability> ranked = new ArrayList<>();
        fused.forEach((name, score) -> ranked.add(new RankedCapability(byName.get(name),
                Math.round(score * 1000) / 1000.0, String.format(Locale.ROOT, "hybrid %.2f: %s", score,
                reasons.get(name)))));
        ranked.sort(Comparator.comparingDouble(RankedCapability::score).reversed()
                .thenComparing(r -> r.capability().name()));
        return ranked;
    }
}
