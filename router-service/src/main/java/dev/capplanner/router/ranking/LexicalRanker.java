package dev.capplanner.router.ranking;

import dev.capplanner.contracts.events.Capability;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deterministic lexical ranking of a snapshot (askmydocs "deterministic pre-filter"): each
 * question term scores by the best-weighted field it appears in (name, entity and operation
 * weigh most, then aliases, family, parameter names, description). Recent turns count at a
 * quarter weight; a selected row favours capabilities about the same or related entity. Ties
 * are broken by name, so the same input always gives the same order.
 */
public final class LexicalRanker {

    private static final double RECENT_TURN_WEIGHT = 0.25;
    private static final double SELECTION_BOOST = 1.5;

    private final Tokenizer tokenizer = new Tokenizer();

    public List<RankedCapability> rank(RankingQuery query, List<Capability> capabilities) {
        Map<String, Double> queryTerms = new LinkedHashMap<>();
        for (String term : tokenizer.terms(query.question())) {
            queryTerms.merge(term, 1.0, Math::max);
        }
        for (String turn : query.recentTurns()) {
            for (String term : tokenizer.terms(turn)) {
                queryTerms.merge(term, RECENT_TURN_WEIGHT, Math::max);
            }
        }
        List<RankedCapability> ranked = new ArrayList<>(capabilities.size());
        for (Capability capability : capabilities) {
            ranked.add(score(capability, queryTerms, query));
        }
        ranked.sort(Comparator.comparingDouble(RankedCapability::score).reversed()
                .thenComparing(r -> r.capability().name()));
        return ranked;
    }

    private RankedCapability score(Capability capability, Map<String, Double> queryTerms, RankingQuery query) {
        Map<String, Map<String, Double>> fields = fieldTerms(capability);
        double score = 0;
        Set<String> matched = new LinkedHashSet<>();
        for (Map.Entry<String, Double> term : queryTerms.entrySet()) {
            double best = 0;
            String bestField = null;
            for (Map.Entry<String, Map<String, Double>> field : fields.entrySet()) {
                Double weight = field.getValue().get(term.getKey());
                if (weight != null && weight > best) {
                    best = weight;
                    bestField = field.getKey();
                }
            }
            if (bestField != null) {
                score += best * term.getValue();
                matched.add(term.getKey() + "@" + bestField);
            }
        }
        if (query.currentSelection() != null && relatesToSelection(capability, query.currentSelection().entity())) {
            score += SELECTION_BOOST;
            matched.add("selection:" + query.currentSelection().entity());
        }
        String reason = matched.isEmpty() ? "no term matched" : "matched " + String.join(", ", matched);
        return new RankedCapability(capability, Math.round(score * 1000) / 1000.0, reason);
    }

    /** A selected customer favours its orders; a selected order favours order tools. */
    private boolean relatesToSelection(Capability capability, String selectedEntity) {
        String parameters = String.valueOf(capability.inputSchema().get("properties"));
        return capability.entity().equals(selectedEntity)
                || tokenizer.terms(parameters).contains(tokenizer.stem(selectedEntity));
    }

    private Map<String, Map<String, Double>> fieldTerms(Capability capability) {
        Map<String, Map<String, Double>> fields = new LinkedHashMap<>();
        fields.put("name", weighted(capability.name(), 3.0));
        fields.put("entity", weighted(capability.entity(), 2.5));
        fields.put("operation", weighted(capability.operation(), 2.0));
        fields.put("aliases", weighted(String.join(" ", capability.aliases()), 2.0));
        fields.put("family", weighted(capability.family(), 1.0));
        Object properties = capability.inputSchema().get("properties");
        if (properties instanceof Map<?, ?> map) {
            fields.put("parameters", weighted(String.join(" ", map.keySet().stream().map(String::valueOf).toList()), 1.0));
        }
        fields.put("description", weighted(capability.description(), 1.0));
        return fields;
    }

    private Map<String, Double> weighted(String text, double weight) {
        Map<String, Double> terms = new LinkedHashMap<>();
        for (String term : tokenizer.terms(text)) {
            terms.put(term, weight);
        }
        return terms;
    }
}
