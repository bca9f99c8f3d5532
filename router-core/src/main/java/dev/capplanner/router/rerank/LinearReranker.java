package dev.capplanner.router.rerank;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reorders candidates by a weighted sum of their {@link RerankFeatures}; ties keep the first stage's
 * order, so weights of zero change nothing.
 */
public final class LinearReranker implements Reranker {

    private final RerankFeatures features;
    private final double[] weights;

    public LinearReranker(RerankFeatures features, RerankWeights weights) {
        this.features = features;
        this.weights = weights.weights();
    }

    @Override
    public List<RerankCandidate> rerank(RerankQuery question, List<RerankCandidate> candidates) {
        return byWeightedSum(candidates, features.of(question, candidates), weights);
    }

    /** The candidates ordered by the weighted sum of their rows, best first; ties keep the given order. */
    public static List<RerankCandidate> byWeightedSum(List<RerankCandidate> candidates, double[][] rows,
                                                      double[] weights) {
        List<Integer> order = new ArrayList<>(candidates.size());
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < rows.length; i++) {
            order.add(i);
            for (int f = 0; f < weights.length; f++) {
                scores[i] += weights[f] * rows[i][f];
            }
        }
        order.sort(Comparator.<Integer>comparingDouble(i -> scores[i]).reversed().thenComparingInt(i -> i));
        List<RerankCandidate> reranked = new ArrayList<>(candidates.size());
        order.forEach(i -> reranked.add(candidates.get(i)));
        return reranked;
    }
}
