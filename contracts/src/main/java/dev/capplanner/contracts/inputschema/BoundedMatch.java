package dev.capplanner.contracts.inputschema;

import java.util.regex.Pattern;

/**
 * A whole-text match (or a search) of a pattern a remote source declared, within a budget of characters read
 * (backtracking reads again): a pattern that backtracks exponentially ends as no match instead of
 * holding a thread, as the compiled schema check does ({@link dev.capplanner.contracts.schema.CompiledSchema}).
 */
public final class BoundedMatch {

    private BoundedMatch() {
    }

    /** Whether the whole text matches, false also when matching would read more than {@code steps} characters. */
    public static boolean matches(Pattern pattern, String text, long steps) {
        Budget budget = new Budget(steps);
        try {
            return pattern.matcher(new Metered(text, 0, text.length(), budget)).matches();
        } catch (Budget.Exhausted | StackOverflowError e) {
            return false;
        }
    }

    /**
     * The first part of the text the pattern finds, within one budget for the whole search; empty also
     * when the search would read more than {@code steps} characters.
     */
    public static java.util.Optional<String> find(Pattern pattern, String text, long steps) {
        Budget budget = new Budget(steps);
        try {
            java.util.regex.Matcher matcher = pattern.matcher(new Metered(text, 0, text.length(), budget));
            return matcher.find() ? java.util.Optional.of(text.substring(matcher.start(), matcher.end()))
                    : java.util.Optional.empty();
        } catch (Budget.Exhausted | StackOverflowError e) {
            return java.util.Optional.empty();
        }
    }

    private static final class Budget {
        private long remaining;

        Budget(long steps) {
            this.remaining = steps;
        }

        void spend() {
            if (--remaining < 0) {
                throw new Exhausted();
            }
        }

        static final class Exhausted extends RuntimeException {
            Exhausted() {
                super("budget exhausted", null, false, false);
            }
        }
    }

    private record Metered(String text, int start, int end, Budget budget) implements CharSequence {

        @Override
        public int length() {
            return end - start;
        }

        @Override
        public char charAt(int index) {
            budget.spend();
            return text.charAt(start + index);
        }

        @Override
        public CharSequence subSequence(int from, int to) {
            return new Metered(text, start + from, start + to, budget);
        }

        @Override
        public String toString() {
            return text.substring(start, end);
        }
    }
}
