package dev.capplanner.router.hybrid;

import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A per-question keyword weight from how far each ranking's first choice is backed by the other:
 * the keyword ranking is trusted as much as the semantic ranking places its top match (1 for first,
 * 1/2 for second, 0 when absent), and the other way round. Agreement generalizes where the size of a
 * BM25 score does not: a large score says that words matched, not that they were the right words;
 * a top match the other ranking also ranks high is right far more often. Optionally each ranking's
 * own margin at the top (how far its first choice leads its second) adds to its trust.
 *
 * <p>The weight, kept within [{@code minKeywordWeight}, {@code maxKeywordWeight}], then blends either
 * the two rankings' normalized scores or their reciprocal ranks ({@link Blend}). Equal bounds give a
 * fixed weight, and the rank blend at 0.5 is reciprocal-rank fusion.
 */
public final class AgreementFusion implements FusionRule {

    /** What the weight blends. */
    public enum Blend {
        /** Keyword score as a share of the best, similarity between the pool's lowest and highest. */
        SCORES,
        /** 1 / (k + rank) of each ranking. */
        RANKS
    }

    private final double minKeywordWeight;
    private final double maxKeywordWeight;
    private final Blend blend;
    private final double rankDamping;
    private final boolean margins;

    public AgreementFusion(double minKeywordWeight, double maxKeywordWeight, Blend blend, double rankDamping,
                           boolean margins) {
        if (minKeywordWeight < 0 || maxKeywordWeight > 1 || minKeywordWeight > maxKeywordWeight) {
            throw new IllegalArgumentException("keyword weight bounds must satisfy 0 <= min <= max <= 1");
        }
        if (rankDamping < 0) {
            throw new IllegalArgumentException("rank damping must not be negative");
        }
        this.minKeywordWeight = minKeywordWeight;
        this.maxKeywordWeight = maxKeywordWeight;
        this.blend = blend;
        this.rankDamping = rankDamping;
        this.margins = margins;
    }

    @Override
    public Map<String, Double> fuse(List<RankedCapability> lexical, List<RankedCapability> meaning) {
        double keywordWeight = keywordWeight(lexical, meaning);
        Map<String, Double> keyword = blend == Blend.SCORES ? NormalizedScores.keyword(lexical)
                : NormalizedScores.reciprocalRanks(lexical, rankDamping);
        Map<String, Double> semantic = blend == Blend.SCORES ? NormalizedScores.semantic(meaning)
                : NormalizedScores.reciprocalRanks(meaning, rankDamping);
        return NormalizedScores.blend(keyword, semantic, keywordWeight);
    }

    double keywordWeight(List<RankedCapability> lexical, List<RankedCapability> meaning) {
        double share = keywordShare(lexical, meaning, margins);
        return Math.max(minKeywordWeight, Math.min(maxKeywordWeight, share));
    }

    /**
     * The keyword ranking's share of the two rankings' trust, in [0, 1]: 0 without keyword matches,
     * 1 without semantic ones, 0.5 when neither ranking backs the other's first choice.
     */
    static double keywordShare(List<RankedCapability> lexical, List<RankedCapability> meaning, boolean margins) {
        if (lexical.isEmpty()) {
            return 0;
        }
        if (meaning.isEmpty()) {
            return 1;
        }
        double keywordTrust = 1.0 / rankOrInfinity(meaning, lexical.get(0)) + (margins ? keywordMargin(lexical) : 0);
        double semanticTrust = 1.0 / rankOrInfinity(lexical, meaning.get(0)) + (margins ? semanticMargin(meaning) : 0);
        return keywordTrust + semanticTrust == 0 ? 0.5 : keywordTrust / (keywordTrust + semanticTrust);
    }

    private static double rankOrInfinity(List<RankedCapability> ranking, RankedCapability wanted) {
        String name = wanted.capability().name();
        for (int i = 0; i < ranking.size(); i++) {
            if (ranking.get(i).capability().name().equals(name)) {
                return i + 1;
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** How far the best BM25 score leads the second, as a share of the best. */
    private static double keywordMargin(List<RankedCapability> lexical) {
        if (lexical.size() < 2) {
            return 1;
        }
        return (lexical.get(0).score() - lexical.get(1).score()) / lexical.get(0).score();
    }

    /** How far the best similarity leads the second, as a share of the pool's spread. */
    private static double semanticMargin(List<RankedCapability> meaning) {
        double spread = meaning.get(0).score() - meaning.get(meaning.size() - 1).score();
        return meaning.size() < 2 || spread <= 0 ? 0 : (meaning.get(0).score() - meaning.get(1).score()) / spread;
    }

    @Override
    public String name() {
        String weight = minKeywordWeight == maxKeywordWeight
                ? String.format(Locale.ROOT, "fixed %.2f", minKeywordWeight)
                : String.format(Locale.ROOT, "agreement %.2f-%.2f%s", minKeywordWeight, maxKeywordWeight,
                        margins ? " +margins" : "");
        return weight + (blend == Blend.SCORES ? " scores" : String.format(Locale.ROOT, " ranks k=%.0f", rankDamping));
    }
}
