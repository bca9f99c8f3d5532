package dev.capplanner.reports.masking;

/**
 * How much of a report is masked and stored: a text beyond {@code maxTextChars} is cut (and says so),
 * a plan keeps at most {@code maxJsonValues} values, {@code maxJsonDepth} levels and
 * {@code maxPlanChars} characters of text (what is beyond is replaced by a marker), and at most
 * {@code maxBoundValues} values bound from the question are searched for. Every bound keeps one
 * record's masking time and stored size small whatever its sender wrote.
 */
public record MaskingLimits(int maxTextChars, int maxPlanChars, int maxJsonValues, int maxJsonDepth,
                            int maxBoundValues) {

    public static final MaskingLimits DEFAULTS = new MaskingLimits(4000, 32_000, 1000, 32, 100);

    public MaskingLimits {
        if (maxTextChars < 100 || maxPlanChars < maxTextChars || maxJsonValues < 10 || maxJsonDepth < 4
                || maxBoundValues < 1) {
            throw new IllegalArgumentException("masking limits too small: text " + maxTextChars + ", plan "
                    + maxPlanChars + ", values " + maxJsonValues + ", depth " + maxJsonDepth + ", bound values "
                    + maxBoundValues + " (at least 100, the text limit, 10, 4 and 1)");
        }
    }
}
