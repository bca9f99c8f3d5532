package dev.capplanner.router.evaluation;

import java.util.Locale;

/**
 * Routing quality of one strategy. A question is a hit at k when all its gold tools are among the
 * first k tools ranked (the tool measure: a route holds eight tools, look-alike members included);
 * its rank is the rank of its last gold tool. {@code placesAt8} is the grouped figure, named as such:
 * all gold tools within the first eight places when a look-alike family takes one place. MRR is MRR@40 (the router's view): it
 * averages 1/rank, counting 0 when a gold tool is not in the top 40 (max(40, k)). "No fit"
 * questions (empty gold) are counted apart, with how many of them the deterministic router would
 * route to no candidate at all (the right answer for them).
 */
public record EvaluationResult(String strategy, int questions, int noFit, int noFitEmptyRoutes, double recallAt1, double recallAt8,
                               double recallAt40, int k, double recallAtK, double mrr, double p50Ms, double p99Ms,
                               double placesAt8) {

    public String json() {
        StringBuilder json = new StringBuilder();
        json.append("{\"strategy\":\"").append(strategy).append("\",\"questions\":").append(questions)
                .append(",\"no_fit\":").append(noFit)
                .append(",\"no_fit_empty_routes\":").append(noFitEmptyRoutes)
                .append(",\"recall@1\":").append(format(recallAt1))
                .append(",\"recall@8\":").append(format(recallAt8))
                .append(",\"recall@40\":").append(format(recallAt40));
        if (k != 1 && k != 8 && k != 40) {
            json.append(",\"recall@").append(k).append("\":").append(format(recallAtK));
        }
        json.append(",\"mrr\":").append(format(mrr))
                .append(",\"p50_ms\":").append(format(p50Ms))
                .append(",\"p99_ms\":").append(format(p99Ms))
                // Last, so that the line's earlier fields keep their places for the scripts that read them.
                .append(",\"places@8\":").append(format(placesAt8)).append('}');
        return json.toString();
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
