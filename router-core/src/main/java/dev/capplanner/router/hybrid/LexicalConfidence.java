package dev.capplanner.router.hybrid;

/**
 * How much a query part's keyword ranking can be trusted, from its best BM25 score: a score of
 * {@link #WEAK} or less (a common word or two matched) leaves the fusion to meaning; from
 * {@link #STRONG} on (several rare words in a tool's name and fields) keywords lead; linear in
 * between. On the shared datasets the top keyword hit is right ~95% of the time above 20 and
 * ~25% of the time below 8, while the semantic top hit is steadier.
 */
final class LexicalConfidence {

    static final double WEAK = 10;
    static final double STRONG = 20;
    static final double MIN_KEYWORD_WEIGHT = 0.3;
    static final double MAX_KEYWORD_WEIGHT = 0.8;

    double keywordWeight(double bestKeywordScore) {
        double strength = Math.max(0, Math.min(1, (bestKeywordScore - WEAK) / (STRONG - WEAK)));
        return MIN_KEYWORD_WEIGHT + strength * (MAX_KEYWORD_WEIGHT - MIN_KEYWORD_WEIGHT);
    }
}
