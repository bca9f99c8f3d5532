package dev.capplanner.router.hybrid;

import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;
import java.util.Map;

/**
 * Normalized scores summed, the keyword weight following the size of the best BM25 score
 * ({@link LexicalConfidence}). The router's rule: the fusion study (leave one dataset out over the
 * gold set, Seal-Tools and MetaTool) found no candidate that did better on a held-out dataset,
 * although a large keyword score only says that words matched, not that they were the right ones.
 */
public final class MagnitudeFusion implements FusionRule {

    private final LexicalConfidence confidence = new LexicalConfidence();

    @Override
    public Map<String, Double> fuse(List<RankedCapability> lexical, List<RankedCapability> meaning) {
        double keywordWeight = confidence.keywordWeight(lexical.isEmpty() ? 0 : lexical.get(0).score());
        return NormalizedScores.blendScores(lexical, meaning, keywordWeight);
    }

    @Override
    public String name() {
        return "magnitude";
    }
}
