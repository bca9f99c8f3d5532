package dev.capplanner.executor.evidence;

/**
 * How much of a result may travel inline as evidence (rule "evidence budget"): at most
 * {@code maxInlineRows} rows of a collection and {@code maxInlineBytes} of JSON; the rest is left out
 * and marked truncated (a collection's complete rows are kept as an artifact, by handle).
 */
public record EvidenceBudget(int maxInlineRows, int maxInlineBytes) {

    public static final EvidenceBudget DEFAULT = new EvidenceBudget(20, 16_384);

    public EvidenceBudget {
        if (maxInlineRows < 0 || maxInlineBytes < 0) {
            throw new IllegalArgumentException("an evidence budget is not negative");
        }
    }
}
