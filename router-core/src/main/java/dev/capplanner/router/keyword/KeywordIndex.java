package dev.capplanner.router.keyword;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.indexing.SourceBoilerplate;
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
import java.util.stream.IntStream;

/**
 * Keyword ranking of one snapshot: BM25 over field-weighted terms ({@link Bm25Postings}), what the
 * conversation adds ({@link ContextBoosts}), the best k ({@link TopK}), and why each matched.
 * Recent turns count a quarter of the question. Built once per snapshot and reused for every
 * question; ties break by name, so the same input always gives the same order.
 */
public final class KeywordIndex implements CapabilityRanker {

    static final double RECENT_TURN_WEIGHT = 0.25;

    private static final Tokenizer TOKENIZER = new Tokenizer();

    private final List<Capability> capabilities;
    private final Bm25Postings postings;
    private final ContextBoosts boosts;
    /** Document numbers in name order: unmatched capabilities are ranked by name, so no sort is needed for them. */
    private final int[] byName;
    /** Each document's position in name order, so that ties compare as ints. */
    private final int[] nameRank;

    private KeywordIndex(List<Capability> capabilities, SourceBoilerplate boilerplate) {
        this.capabilities = List.copyOf(capabilities);
        this.postings = new Bm25Postings(this.capabilities, boilerplate);
        this.boosts = new ContextBoosts(this.capabilities);
        int size = this.capabilities.size();
        this.byName = IntStream.range(0, size).boxed()
                .sorted(Comparator.comparing(doc -> this.capabilities.get(doc).name()))
                .mapToInt(Integer::intValue).toArray();
        this.nameRank = new int[size];
        for (int position = 0; position < size; position++) {
            nameRank[byName[position]] = position;
        }
    }

    /** An index that leaves each source's boilerplate out of what it reads ({@link SourceBoilerplate}). */
    public static KeywordIndex build(List<Capability> capabilities) {
        return build(capabilities, SourceBoilerplate.of(capabilities));
    }

    public static KeywordIndex build(List<Capability> capabilities, SourceBoilerplate boilerplate) {
        return new KeywordIndex(capabilities, boilerplate);
    }

    @Override
    public List<Capability> capabilities() {
        return capabilities;
    }

    public int size() {
        return capabilities.size();
    }

    /** How many capabilities of the snapshot hold the (tokenized) term in any field the index reads. */
    public int documentFrequency(String term) {
        return postings.documentFrequency(term);
    }

    /** The {@code limit} best capabilities, best first (higher score, then name). */
    @Override
    public List<RankedCapability> rank(RankingQuery query, int limit) {
        Map<String, Double> queryTerms = queryTerms(query);
        Bm25Postings.Scores scores = postings.score(queryTerms);
        Map<Integer, String> evidenceBoosted = boosts.applyEvidence(query, scores.values, scores.matched);
        Set<Integer> boosted = boosts.applySelection(query, scores.values);
        boosted.forEach(scores::markMatched);
        int size = capabilities.size();
        List<Integer> top = new TopK(scores.values, nameRank, Math.min(limit, size))
                .select(scores.matchedDocs, scores.matchedCount);
        for (int i = 0; i < byName.length && top.size() < limit; i++) {
            if (!scores.matched[byName[i]]) {
                top.add(byName[i]);
            }
        }
        List<RankedCapability> ranked = new ArrayList<>(top.size());
        for (int doc : top) {
            String selected = boosted.contains(doc) ? query.currentSelection().entity() : null;
            double score = Math.round(scores.values[doc] * 1000) / 1000.0;
            ranked.add(new RankedCapability(capabilities.get(doc), score, score > 0,
                    reasons(doc, queryTerms, selected, evidenceBoosted.get(doc))));
        }
        return ranked;
    }

    private List<MatchReason> reasons(int doc, Map<String, Double> queryTerms, String selectedEntity,
                                      String evidenceEntity) {
        List<MatchReason> matched = new ArrayList<>();
        for (String term : queryTerms.keySet()) {
            String field = postings.bestField(doc, term);
            if (field != null) {
                matched.add(new MatchReason.TermMatch(term, field));
            }
        }
        if (selectedEntity != null) {
            matched.add(new MatchReason.SelectionMatch(selectedEntity));
        }
        if (evidenceEntity != null) {
            matched.add(new MatchReason.EvidenceMatch(evidenceEntity));
        }
        return matched.isEmpty() ? List.of(new MatchReason.NoTermMatched()) : matched;
    }

    private static Map<String, Double> queryTerms(RankingQuery query) {
        Map<String, Double> terms = new LinkedHashMap<>();
        for (String term : TOKENIZER.terms(query.question())) {
            terms.merge(term, 1.0, Math::max);
        }
        for (String turn : query.recentTurns()) {
            for (String term : TOKENIZER.terms(turn)) {
                terms.merge(term, RECENT_TURN_WEIGHT, Math::max);
            }
        }
        return terms;
    }
}
