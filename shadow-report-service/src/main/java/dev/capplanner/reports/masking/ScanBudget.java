package dev.capplanner.reports.masking;

/**
 * A bound on the work the detectors may do on one text, counted in characters read: a pattern that
 * would backtrack over a hostile text (quadratic or worse) runs out of budget instead of stalling
 * ingestion for every tenant, and the text is withheld rather than stored unmasked. The budget is
 * linear in the text's length, so masking is linear-time whatever the text.
 */
public final class ScanBudget {

    /** Characters read per character of text: the detectors read each one a few dozen times on real text. */
    public static final long READS_PER_CHAR = 4_000;
    private static final long FIXED_READS = 200_000;

    private long reads;
    private final long limit;

    private ScanBudget(long limit) {
        this.limit = limit;
    }

    public static ScanBudget forText(int length) {
        return new ScanBudget(FIXED_READS + READS_PER_CHAR * length);
    }

    /** No limit: counts only (to measure what detectors read). */
    public static ScanBudget unlimited() {
        return new ScanBudget(Long.MAX_VALUE);
    }

    public long reads() {
        return reads;
    }

    void read() {
        if (++reads > limit) {
            throw new ExhaustedException(limit);
        }
    }

    /** The text as the detectors read it: every character read counts against this budget. */
    public CharSequence over(String text) {
        return new CountedText(text, 0, text.length(), this);
    }

    /** Thrown inside a detector when the budget is spent. */
    public static final class ExhaustedException extends RuntimeException {
        ExhaustedException(long limit) {
            super("masking read more than " + limit + " characters", null, false, false);
        }
    }

    private record CountedText(String text, int offset, int length, ScanBudget budget) implements CharSequence {

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            budget.read();
            return text.charAt(offset + index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            if (start < 0 || end > length || start > end) {
                throw new IndexOutOfBoundsException(start + ".." + end + " of " + length);
            }
            return new CountedText(text, offset + start, end - start, budget);
        }

        @Override
        public String toString() {
            // Whoever copies the text reads all of it.
            for (int i = 0; i < length; i++) {
                budget.read();
            }
            return text.substring(offset, offset + length);
        }
    }
}
