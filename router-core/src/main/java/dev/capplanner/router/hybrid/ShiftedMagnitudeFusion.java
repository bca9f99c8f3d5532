package dev.capplanner.router.hybrid;

import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The magnitude rule's keyword weight ({@link LexicalConfidence}) moved by agreement: up to
 * {@code shift} towards the keyword ranking when the semantic ranking backs its first choice and
 * not the other way round, as far towards meaning in the opposite case ({@link AgreementFusion}'s
 * share of trust). Normalized scores are blended as in {@link MagnitudeFusion}.
 */
public final class ShiftedMagnitudeFusion implements FusionRule {

    private final LexicalConfidence confidence = new LexicalConfidence();
    private final double shift;
    private final boolean margins;

    public ShiftedMagnitudeFusion(double shift, boolean margins) {
        if (shift < 0 || shift > 1) {
            throw new IllegalArgumentException("the shift must be within [0, 1]");
        }
        this.shift = shift;
        this.margins = margins;
    }

    @Override
    public Map<String, Double> fuse(List<RankedCapability> lexical, List<RankedCapability> meaning) {
        double prior = confidence.keywordWeight(lexical.isEmpty() ? 0 : lexical.get(0).score());
        double share = AgreementFusion.keywordShare(lexical, meaning, margins);
        double keywordWeight = Math.max(0, Math.min(1, prior + shift * (2 * share - 1)));
        return NormalizedScores.blendScores(lexical, meaning, keywordWeight);
    }

    @Override
    public String name() {
        return String.format(Locale.ROOT, "magnitude shifted %.2f by agreement%s", shift, margins ? " +margins" : "");
    }
}
