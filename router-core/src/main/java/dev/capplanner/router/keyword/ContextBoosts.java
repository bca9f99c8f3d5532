package dev.capplanner.router.keyword;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the conversation adds to a question's keyword scores: a selected row lifts capabilities
 * about (or taking the id of) its entity; a tool whose result is already evidence lifts matching
 * capabilities about its entity.
 */
final class ContextBoosts {

    /** A selection-related capability gains half the best lexical score (at least 1). */
    static final double SELECTION_BOOST_SHARE = 0.5;
    /**
     * A matching capability about the entity of earlier evidence gains a quarter of the best score:
     * a weaker hint than a selection, and it never makes an unmatched capability a candidate.
     */
    static final double EVIDENCE_BOOST_SHARE = 0.25;

    private static final Tokenizer TOKENIZER = new Tokenizer();

    private final List<Capability> capabilities;
    /** Per document: the terms of its entity and parameter names, which a selected row's entity is matched against. */
    private final List<Set<String>> selectionTerms;
    private final Map<String, Integer> docByName;

    ContextBoosts(List<Capability> capabilities) {
        this.capabilities = capabilities;
        this.selectionTerms = new ArrayList<>(capabilities.size());
        this.docByName = new HashMap<>();
        for (int doc = 0; doc < capabilities.size(); doc++) {
            Set<String> related = new HashSet<>(TOKENIZER.terms(capabilities.get(doc).entity()));
            CapabilityFields.parameterNames(capabilities.get(doc)).forEach(p -> related.addAll(TOKENIZER.terms(p)));
            selectionTerms.add(related);
            docByName.put(capabilities.get(doc).name(), doc);
        }
    }

    Set<Integer> applySelection(RankingQuery query, double[] scores) {
        Set<Integer> boosted = new LinkedHashSet<>();
        if (query.currentSelection() == null) {
            return boosted;
        }
        String entity = TOKENIZER.stem(query.currentSelection().entity().toLowerCase(Locale.ROOT));
        double best = 0;
        for (double score : scores) {
            best = Math.max(best, score);
        }
        double boost = Math.max(1.0, best * SELECTION_BOOST_SHARE);
        for (int doc = 0; doc < capabilities.size(); doc++) {
            // About the selected entity, or taking its id (customerId for a selected customer).
            if (selectionTerms.get(doc).contains(entity)) {
                scores[doc] += boost;
                boosted.add(doc);
            }
        }
        return boosted;
    }

    /**
     * Boosts matched capabilities about the entity of a tool whose result is already evidence
     * ("the status of the first one" after orders.list favours orders.detail). Evidence tools
     * outside the snapshot are ignored.
     */
    Map<Integer, String> applyEvidence(RankingQuery query, double[] scores, boolean[] matched) {
        Map<Integer, String> boosted = new HashMap<>();
        if (query.evidenceTools().isEmpty()) {
            return boosted;
        }
        Set<String> entities = new LinkedHashSet<>();
        for (String tool : query.evidenceTools()) {
            Integer doc = docByName.get(tool);
            if (doc != null) {
                entities.add(TOKENIZER.stem(capabilities.get(doc).entity().toLowerCase(Locale.ROOT)));
            }
        }
        double best = 0;
        for (double score : scores) {
            best = Math.max(best, score);
        }
        double boost = Math.max(0.5, best * EVIDENCE_BOOST_SHARE);
        for (int doc = 0; doc < capabilities.size(); doc++) {
            if (!matched[doc]) {
                continue;
            }
            for (String entity : entities) {
                if (selectionTerms.get(doc).contains(entity)) {
                    scores[doc] += boost;
                    boosted.put(doc, entity);
                    break;
                }
            }
        }
        return boosted;
    }
}
