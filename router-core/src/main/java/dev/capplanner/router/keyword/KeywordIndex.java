package dev.capplanner.router.keyword;

import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;

import dev.capplanner.contracts.events.Capability;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An immutable keyword index over one snapshot's capabilities, scored with BM25 over field-weighted
 * term frequencies (name, entity and operation weigh most, then aliases, family, parameter names,
 * description, parameter descriptions). Built once per snapshot and reused for every question.
 * Recent turns count a quarter of the question; a selected row lifts capabilities about (or taking
 * the id of) its entity. Ties break by name, so the same input always gives the same order.
 */
public final class KeywordIndex implements CapabilityRanker {

    static final double K1 = 1.2;
    static final double B = 0.75;
    static final double RECENT_TURN_WEIGHT = 0.25;

    private static final Tokenizer TOKENIZER = new Tokenizer();

    private final List<Capability> capabilities;
    private final List<Map<String, String>> termFields = new ArrayList<>();
    /** Per document: BM25's length normalization {@code k1 * (1 - b + b * length / average)}. */
    private final double[] lengthNorms;
    private final Map<String, Posting> postings = new HashMap<>();
    /** Document numbers in name order: unmatched capabilities are ranked by name, so no sort is needed for them. */
    private final int[] byName;
    /** Each document's position in name order, so that ties compare as ints. */
    private final int[] nameRank;
    private final ContextBoosts boosts;

    /** The documents containing a term, with the term's weighted frequency in each. */
    private record Posting(int[] docs, double[] frequencies) {
    }

    private KeywordIndex(List<Capability> capabilities) {
        this.capabilities = List.copyOf(capabilities);
        int size = this.capabilities.size();
        double[] lengths = new double[size];
        Map<String, List<int[]>> docsByTerm = new HashMap<>();
        Map<String, List<Double>> frequenciesByTerm = new HashMap<>();
        double total = 0;
        List<Set<String>> selectionTerms = new ArrayList<>();
        Map<String, Integer> docByName = new HashMap<>();
        for (int doc = 0; doc < size; doc++) {
            Map<String, Double> frequencies = new HashMap<>();
            Map<String, String> fields = new HashMap<>();
            for (Map.Entry<String, String> field : CapabilityFields.texts(this.capabilities.get(doc)).entrySet()) {
                double weight = CapabilityFields.WEIGHTS.get(field.getKey());
                for (String term : TOKENIZER.terms(field.getValue())) {
                    frequencies.merge(term, weight, Double::sum);
                    String best = fields.get(term);
                    if (best == null || CapabilityFields.WEIGHTS.get(best) < weight) {
                        fields.put(term, field.getKey());
                    }
                }
            }
            for (Map.Entry<String, Double> frequency : frequencies.entrySet()) {
                docsByTerm.computeIfAbsent(frequency.getKey(), t -> new ArrayList<>()).add(new int[] {doc});
                frequenciesByTerm.computeIfAbsent(frequency.getKey(), t -> new ArrayList<>()).add(frequency.getValue());
            }
            lengths[doc] = frequencies.values().stream().mapToDouble(Double::doubleValue).sum();
            total += lengths[doc];
            termFields.add(fields);
            Set<String> related = new java.util.HashSet<>(TOKENIZER.terms(this.capabilities.get(doc).entity()));
            CapabilityFields.parameterNames(this.capabilities.get(doc)).forEach(p -> related.addAll(TOKENIZER.terms(p)));
            selectionTerms.add(related);
            docByName.put(this.capabilities.get(doc).name(), doc);
        }
        this.boosts = new ContextBoosts(this.capabilities, selectionTerms, docByName);
        double averageLength = size == 0 ? 1 : Math.max(1e-9, total / size);
        this.lengthNorms = new double[size];
        for (int doc = 0; doc < size; doc++) {
            lengthNorms[doc] = K1 * (1 - B + B * lengths[doc] / averageLength);
        }
        docsByTerm.forEach((term, docs) -> postings.put(term, new Posting(
                docs.stream().mapToInt(d -> d[0]).toArray(),
                frequenciesByTerm.get(term).stream().mapToDouble(Double::doubleValue).toArray())));
        this.byName = java.util.stream.IntStream.range(0, size).boxed()
                .sorted(Comparator.comparing(doc -> this.capabilities.get(doc).name()))
                .mapToInt(Integer::intValue).toArray();
        this.nameRank = new int[size];
        for (int position = 0; position < size; position++) {
            nameRank[byName[position]] = position;
        }
    }

    public static KeywordIndex build(List<Capability> capabilities) {
        return new KeywordIndex(capabilities);
    }

    @Override
    public List<Capability> capabilities() {
        return capabilities;
    }

    public int size() {
        return capabilities.size();
    }

    /** The {@code limit} best capabilities, best first (higher score, then name). */
    @Override
    public List<RankedCapability> rank(RankingQuery query, int limit) {
        Map<String, Double> queryTerms = queryTerms(query);
        int size = capabilities.size();
        double[] scores = new double[size];
        boolean[] matched = new boolean[size];
        int[] scored = new int[size];
        int scoredCount = 0;
        for (Map.Entry<String, Double> term : queryTerms.entrySet()) {
            Posting posting = postings.get(term.getKey());
            if (posting == null) {
                continue;
            }
            int[] docs = posting.docs();
            double[] frequencies = posting.frequencies();
            double weight = term.getValue() * Math.log(1 + (size - docs.length + 0.5) / (docs.length + 0.5)) * (K1 + 1);
            for (int i = 0; i < docs.length; i++) {
                int doc = docs[i];
                scores[doc] += weight * frequencies[i] / (frequencies[i] + lengthNorms[doc]);
                if (!matched[doc]) {
                    matched[doc] = true;
                    scored[scoredCount++] = doc;
                }
            }
        }
        Map<Integer, String> evidenceBoosted = boosts.applyEvidence(query, scores, matched);
        Set<Integer> boosted = boosts.applySelection(query, scores);
        for (int doc : boosted) {
            if (!matched[doc]) {
                matched[doc] = true;
                scored[scoredCount++] = doc;
            }
        }
        List<Integer> top = new TopK(scores, nameRank, Math.min(limit, size)).select(scored, scoredCount);
        for (int i = 0; i < byName.length && top.size() < limit; i++) {
            if (!matched[byName[i]]) {
                top.add(byName[i]);
            }
        }
        List<RankedCapability> ranked = new ArrayList<>(top.size());
        for (int doc : top) {
            String selected = boosted.contains(doc) ? query.currentSelection().entity() : null;
            ranked.add(new RankedCapability(capabilities.get(doc), Math.round(scores[doc] * 1000) / 1000.0,
                    scores[doc] > 0, reasons(doc, queryTerms, selected, evidenceBoosted.get(doc))));
        }
        return ranked;
    }

    private List<MatchReason> reasons(int doc, Map<String, Double> queryTerms, String selectedEntity,
                                      String evidenceEntity) {
        List<MatchReason> matched = new ArrayList<>();
        for (String term : queryTerms.keySet()) {
            String field = termFields.get(doc).get(term);
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
