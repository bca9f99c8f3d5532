package dev.capplanner.router.rerank;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.semantic.TokenVectors;
import java.util.List;
import java.util.function.Function;

/**
 * Token-level (late-interaction) similarity of a question part and each candidate, from the
 * embedding model's token states: the mean over the question's tokens of their best cosine with any
 * of the candidate's ({@code token_match}: is every word of the question answered somewhere in the
 * candidate's text), the mean over the candidate's tokens of their best with the question's
 * ({@code token_coverage}: is the candidate about this question, or about much else), and each one's
 * gap to the best candidate of the list. The sentence vector of the first stage averages these token
 * states away; reading them pairwise keeps which words met which.
 */
public final class TokenFeatures {

    /** The features, in the order {@link #of} returns them. */
    public static final List<String> NAMES = List.of("token_match", "token_coverage", "token_match_gap",
            "token_coverage_gap");

    private final Function<Capability, TokenVectors> candidateTokens;

    /** @param candidateTokens a capability's token vectors, of the text its first-stage vector embeds */
    public TokenFeatures(Function<Capability, TokenVectors> candidateTokens) {
        this.candidateTokens = candidateTokens;
    }

    /** One row of {@link #NAMES}' values per candidate, in the candidates' order, for a question part's tokens. */
    public double[][] of(float[][] tokens, List<RerankCandidate> candidates) {
        float[][] asked = TokenVectors.question(tokens);
        double[][] rows = new double[candidates.size()][];
        double bestMatch = Double.NEGATIVE_INFINITY;
        double bestCoverage = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < rows.length; i++) {
            double[] both = candidateTokens.apply(candidates.get(i).capability()).meanBestBothWays(asked);
            rows[i] = new double[] {both[0], both[1], 0, 0};
            bestMatch = Math.max(bestMatch, both[0]);
            bestCoverage = Math.max(bestCoverage, both[1]);
        }
        for (double[] row : rows) {
            row[2] = row[0] - bestMatch;
            row[3] = row[1] - bestCoverage;
        }
        return rows;
    }
}
