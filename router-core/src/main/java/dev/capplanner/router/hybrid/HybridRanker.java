package dev.capplanner.router.hybrid;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.rerank.RerankCandidate;
import dev.capplanner.router.rerank.RerankQuery;
import dev.capplanner.router.rerank.Reranker;
import dev.capplanner.router.semantic.SemanticIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Keyword and semantic ranking fused, for the whole question and for each of its actions.
 *
 * <p>Each fused ranking combines the two strategies' scores by a {@link FusionRule}; the router's
 * ({@link #DEFAULT_FUSION}) sums them normalized to [0, 1] with a keyword weight that follows the
 * lexical evidence ({@link LexicalConfidence}): a question whose words strongly match some tool's
 * name and fields leans on keywords, a vague one on meaning. {@code ./run-eval.sh --fusion-study}
 * compares it with the other rules, cross-validated.
 *
 * <p>A request with several actions ({@link RequestSteps}: "Find customer C-1001 and list her
 * orders") interleaves the whole question's fused ranking with each action's (round robin, whole
 * question first): the best overall match keeps the top, and every action's best tools still reach
 * the route. A single action, context sentences included, is ranked whole.
 *
 * <p>Relevance: a capability is relevant when its meaning is close to the question (similarity of
 * at least {@link SemanticIndex#RELEVANCE_FLOOR}), or when it matches a word of the question and its
 * meaning is not unrelated (at least {@link #LEXICAL_MATCH_SIMILARITY_FLOOR}: "leaves" in a poem
 * request matching leave requests does not count) unless the question names both its operation and
 * its entity ({@link NamedAction}). Other capabilities rank after every relevant
 * one, marked not relevant (score 0), so a question no tool fits yields an empty route, not the
 * least bad tool (rule "no fit, no route").
 *
 * <p>A {@link Reranker}, when given, reorders each query part's relevant capabilities among its best
 * {@link Reranker#VIEW}, before the parts are interleaved: it reads the part against each candidate
 * more closely than the fused scores do, and never changes which capabilities are relevant.
 */
public final class HybridRanker implements CapabilityRanker {

    /** The similarity a lexically matching tool still needs: a shared word alone is not enough. */
    public static final double LEXICAL_MATCH_SIMILARITY_FLOOR = 0.15;
    /** How deep each strategy's ranking is read per query part. */
    static final int POOL = 50;
    /**
     * Rankings of one request the second stage reorders (the whole question and its first parts): a
     * request split into many parts costs no more than this many rerankings, each of up to 40
     * candidates; later parts keep the first stage's order.
     */
    public static final int RERANKED_RANKINGS = 8;
    /** The fusion the router runs. */
    public static final FusionRule DEFAULT_FUSION = new MagnitudeFusion();

    private final KeywordIndex keyword;
    private final SemanticIndex semantic;
    private final RequestSteps steps;
    private final FusionRule fusion;
    private final Reranker reranker;

    /** A hybrid with the router's fusion rule ({@link #DEFAULT_FUSION}), without a second stage. */
    public HybridRanker(KeywordIndex keyword, SemanticIndex semantic) {
        this(keyword, semantic, DEFAULT_FUSION);
    }

    public HybridRanker(KeywordIndex keyword, SemanticIndex semantic, FusionRule fusion) {
        this(keyword, semantic, fusion, null);
    }

    /** @param reranker the second stage over each part's best candidates, or null for none */
    public HybridRanker(KeywordIndex keyword, SemanticIndex semantic, FusionRule fusion, Reranker reranker) {
        if (!keyword.capabilities().equals(semantic.capabilities())) {
            throw new IllegalArgumentException("both indexes must cover the same snapshot");
        }
        this.keyword = keyword;
        this.semantic = semantic;
        this.fusion = fusion;
        this.reranker = reranker;
        this.steps = new RequestSteps(keyword.capabilities().stream().map(Capability::operation)
                .filter(Objects::nonNull).distinct().toList());
    }

    @Override
    public List<Capability> capabilities() {
        return keyword.capabilities();
    }

    @Override
    public List<RankedCapability> rank(RankingQuery query, int limit) {
        List<String> parts = steps.split(query.question());
        List<List<RankedCapability>> rankings = new ArrayList<>();
        rankings.add(fuse(query, true));
        if (parts.size() > 1) {
            for (String part : parts) {
                rankings.add(fuse(query.withQuestion(part), rankings.size() < RERANKED_RANKINGS));
            }
        }
        Map<String, RankedCapability> relevant = new LinkedHashMap<>();
        Map<String, RankedCapability> rest = new LinkedHashMap<>();
        for (int round = 0; relevant.size() < limit && round < POOL; round++) {
            for (List<RankedCapability> ranking : rankings) {
                if (round < ranking.size()) {
                    RankedCapability candidate = ranking.get(round);
                    String name = candidate.capability().name();
                    (candidate.relevant() ? relevant : rest).putIfAbsent(name, candidate);
                }
            }
        }
        List<RankedCapability> ranked = new ArrayList<>(relevant.values());
        rest.keySet().removeAll(relevant.keySet());
        ranked.addAll(rest.values());
        if (ranked.size() < limit) {
            Set<String> present = new HashSet<>();
            ranked.forEach(r -> present.add(r.capability().name()));
            for (RankedCapability filler : keyword.rank(query, Math.min(capabilities().size(), limit + present.size()))) {
                if (ranked.size() >= limit) {
                    break;
                }
                if (present.add(filler.capability().name())) {
                    ranked.add(new RankedCapability(filler.capability(), 0.0, false,
                            List.of(new MatchReason.BelowRelevance())));
                }
            }
        }
        return ranked.size() > limit ? List.copyOf(ranked.subList(0, limit)) : ranked;
    }

    /** One query part's fused ranking: relevant capabilities by fused score, then the rest with score 0. */
    private List<RankedCapability> fuse(RankingQuery query, boolean rerank) {
        List<RankedCapability> lexical = keyword.rank(query, POOL).stream().filter(RankedCapability::relevant).toList();
        SemanticIndex.Similarities similarities = semantic.similarities(query);
        List<RankedCapability> meaning = similarities.top(POOL);
        Map<String, Double> fused = fusion.fuse(lexical, meaning);
        Map<String, Capability> byName = new HashMap<>();
        Map<String, List<MatchReason>> reasons = new HashMap<>();
        Set<String> relevant = new HashSet<>();
        NamedAction namedAction = new NamedAction(query.question());
        for (RankedCapability r : lexical) {
            String name = r.capability().name();
            byName.put(name, r.capability());
            reasons.put(name, new ArrayList<>(r.reasons()));
            if (similarities.of(name) >= LEXICAL_MATCH_SIMILARITY_FLOOR || namedAction.names(r.capability())) {
                relevant.add(name);
            }
        }
        for (RankedCapability r : meaning) {
            String name = r.capability().name();
            byName.put(name, r.capability());
            reasons.computeIfAbsent(name, n -> new ArrayList<>()).addAll(r.reasons());
            if (r.score() >= SemanticIndex.RELEVANCE_FLOOR) {
                relevant.add(name);
            }
        }
        List<RankedCapability> ranked = new ArrayList<>();
        fused.forEach((name, score) -> ranked.add(relevant.contains(name)
                ? new RankedCapability(byName.get(name), Math.max(0.001, Math.round(score * 1000) / 1000.0), true,
                        prepend(new MatchReason.FusedScore(score), reasons.get(name)))
                : new RankedCapability(byName.get(name), 0.0, false,
                        prepend(new MatchReason.BelowRelevance(), reasons.get(name)))));
        Comparator<RankedCapability> byRelevance = Comparator.comparing(r -> !r.relevant());
        ranked.sort(byRelevance.thenComparing(Comparator.<RankedCapability>comparingDouble(
                r -> fused.get(r.capability().name())).reversed()).thenComparing(r -> r.capability().name()));
        return reranker == null || !rerank ? ranked : reranked(query.question(), ranked, fused,
                NormalizedScores.keyword(lexical), similarities);
    }

    /** The relevant head of one part's ranking (at most {@link Reranker#VIEW}) in the reranker's order. */
    private List<RankedCapability> reranked(String question, List<RankedCapability> ranked, Map<String, Double> fused,
                                            Map<String, Double> keywordShares, SemanticIndex.Similarities similarities) {
        int view = 0;
        while (view < ranked.size() && view < Reranker.VIEW && ranked.get(view).relevant()) {
            view++;
        }
        if (view < 2) {
            return ranked;
        }
        Map<String, RankedCapability> head = new HashMap<>();
        List<RerankCandidate> candidates = new ArrayList<>(view);
        for (RankedCapability r : ranked.subList(0, view)) {
            String name = r.capability().name();
            head.put(name, r);
            candidates.add(new RerankCandidate(r.capability(), fused.get(name), keywordShares.getOrDefault(name, 0.0),
                    similarities.of(name)));
        }
        List<RankedCapability> reordered = new ArrayList<>(ranked.size());
        RerankQuery part = new RerankQuery(question, similarities.questionTokens());
        for (RerankCandidate candidate : reranker.rerank(part, candidates)) {
            RankedCapability r = head.remove(candidate.capability().name());
            if (r == null) {
                throw new IllegalStateException("a reranker may only reorder its candidates");
            }
            reordered.add(r);
        }
        if (!head.isEmpty()) {
            throw new IllegalStateException("a reranker may only reorder its candidates");
        }
        reordered.addAll(ranked.subList(view, ranked.size()));
        return reordered;
    }

    private static List<MatchReason> prepend(MatchReason first, List<MatchReason> rest) {
        List<MatchReason> all = new ArrayList<>(rest.size() + 1);
        all.add(first);
        all.addAll(rest);
        return all;
    }
}
