package dev.capplanner.router.hybrid;

import dev.capplanner.router.ranking.RankedCapability;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Each ranking's scores brought to [0, 1], so that two rankings of different scales can be added. */
final class NormalizedScores {

    private NormalizedScores() {
    }

    /** BM25 as a share of the best score: the best match is 1, half as strong a match 0.5. */
    static Map<String, Double> keyword(List<RankedCapability> lexical) {
        Map<String, Double> normalized = new HashMap<>();
        double best = lexical.isEmpty() ? 0 : lexical.get(0).score();
        if (best > 0) {
            lexical.forEach(r -> normalized.put(r.capability().name(), r.score() / best));
        }
        return normalized;
    }

    /** Similarity placed between the pool's lowest (0) and highest (1). */
    static Map<String, Double> semantic(List<RankedCapability> meaning) {
        Map<String, Double> normalized = new HashMap<>();
        if (meaning.isEmpty()) {
            return normalized;
        }
        double highest = meaning.get(0).score();
        double lowest = meaning.get(meaning.size() - 1).score();
        meaning.forEach(r -> normalized.put(r.capability().name(),
                highest > lowest ? (r.score() - lowest) / (highest - lowest) : 1.0));
        return normalized;
    }

    /** {@code keywordWeight} of one ranking's scores plus the rest of the other's, per capability. */
    static Map<String, Double> blend(Map<String, Double> keyword, Map<String, Double> semantic, double keywordWeight) {
        Map<String, Double> fused = new HashMap<>();
        keyword.forEach((name, score) -> fused.merge(name, keywordWeight * score, Double::sum));
        semantic.forEach((name, score) -> fused.merge(name, (1 - keywordWeight) * score, Double::sum));
        return fused;
    }

    /** Both rankings' normalized scores, blended ({@link #keyword}, {@link #semantic}). */
    static Map<String, Double> blendScores(List<RankedCapability> lexical, List<RankedCapability> meaning,
                                           double keywordWeight) {
        return blend(keyword(lexical), semantic(meaning), keywordWeight);
    }

    /** Reciprocal rank with a damping constant: position 1 gives 1/(k+1). */
    static Map<String, Double> reciprocalRanks(List<RankedCapability> ranking, double k) {
        Map<String, Double> scores = new HashMap<>();
        for (int i = 0; i < ranking.size(); i++) {
            scores.put(ranking.get(i).capability().name(), 1.0 / (k + i + 1));
        }
        return scores;
    }
}
