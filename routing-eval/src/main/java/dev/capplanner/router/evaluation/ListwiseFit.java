package dev.capplanner.router.evaluation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Fits a linear reranker's weights to recorded candidate lists: listwise softmax cross-entropy (each
 * list's gold candidates should take the probability mass of a softmax over the list's scores), every
 * dataset weighing the same however many questions it has (MetaTool's 21,000 must not drown the gold
 * set's 400), a small L2 penalty, features standardized while fitting (mean and spread over all the
 * training rows, so the largest dataset sets the scale the penalty works on) and the weights returned
 * for the raw features. Full-batch Adam from zero for a fixed number of steps: the same records always give
 * the same weights.
 */
public final class ListwiseFit {

    /** One candidate list: a feature row per candidate, and which candidates are gold. */
    public record Group(double[][] rows, boolean[] positive) {
    }

    private final int steps;
    private final double learningRate;
    private final double l2;

    public ListwiseFit(int steps, double learningRate, double l2) {
        this.steps = steps;
        this.learningRate = learningRate;
        this.l2 = l2;
    }

    /** The fit the study uses. */
    public static ListwiseFit standard() {
        return new ListwiseFit(400, 0.05, 1e-3);
    }

    /** @param datasets each dataset's candidate lists; a dataset without any is left out */
    public double[] fit(Collection<List<Group>> datasets) {
        List<List<Group>> used = new ArrayList<>();
        datasets.stream().filter(groups -> !groups.isEmpty()).forEach(used::add);
        if (used.isEmpty()) {
            throw new IllegalArgumentException("no candidate list with a gold tool to fit on");
        }
        int features = used.get(0).get(0).rows()[0].length;
        double[] mean = new double[features];
        double[] scale = new double[features];
        standardization(used, mean, scale);
        double[] w = new double[features];
        double[] m = new double[features];
        double[] v = new double[features];
        for (int step = 1; step <= steps; step++) {
            double[] gradient = gradient(used, w, mean, scale);
            for (int f = 0; f < features; f++) {
                double g = gradient[f] + l2 * w[f];
                m[f] = 0.9 * m[f] + 0.1 * g;
                v[f] = 0.999 * v[f] + 0.001 * g * g;
                double mHat = m[f] / (1 - Math.pow(0.9, step));
                double vHat = v[f] / (1 - Math.pow(0.999, step));
                w[f] -= learningRate * mHat / (Math.sqrt(vHat) + 1e-8);
            }
        }
        double[] raw = new double[features];
        for (int f = 0; f < features; f++) {
            raw[f] = w[f] / scale[f];
        }
        return raw;
    }

    /** The loss's gradient on standardized features, each dataset's mean over its lists, datasets averaged. */
    private static double[] gradient(List<List<Group>> datasets, double[] w, double[] mean, double[] scale) {
        int features = w.length;
        double[] total = new double[features];
        for (List<Group> groups : datasets) {
            double[] datasetGradient = new double[features];
            for (Group group : groups) {
                double[][] rows = group.rows();
                double[] scores = new double[rows.length];
                double best = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < rows.length; i++) {
                    for (int f = 0; f < features; f++) {
                        scores[i] += w[f] * (rows[i][f] - mean[f]) / scale[f];
                    }
                    best = Math.max(best, scores[i]);
                }
                double sum = 0;
                for (int i = 0; i < rows.length; i++) {
                    scores[i] = Math.exp(scores[i] - best);
                    sum += scores[i];
                }
                int positives = 0;
                for (boolean positive : group.positive()) {
                    positives += positive ? 1 : 0;
                }
                for (int i = 0; i < rows.length; i++) {
                    // d(-mean log p_gold)/d s_i = p_i - [i is gold] / positives
                    double coefficient = scores[i] / sum - (group.positive()[i] ? 1.0 / positives : 0);
                    for (int f = 0; f < features; f++) {
                        datasetGradient[f] += coefficient * (rows[i][f] - mean[f]) / scale[f];
                    }
                }
            }
            for (int f = 0; f < features; f++) {
                total[f] += datasetGradient[f] / groups.size() / datasets.size();
            }
        }
        return total;
    }

    private static void standardization(List<List<Group>> datasets, double[] mean, double[] scale) {
        int features = mean.length;
        double[] sumSquares = new double[features];
        long count = 0;
        for (List<Group> groups : datasets) {
            for (Group group : groups) {
                for (double[] row : group.rows()) {
                    for (int f = 0; f < features; f++) {
                        mean[f] += row[f];
                        sumSquares[f] += row[f] * row[f];
                    }
                    count++;
                }
            }
        }
        for (int f = 0; f < features; f++) {
            mean[f] /= count;
            double variance = sumSquares[f] / count - mean[f] * mean[f];
            scale[f] = variance > 1e-12 ? Math.sqrt(variance) : 1;
        }
    }
}
