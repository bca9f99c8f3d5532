package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One check's state: how much work it may still do, and the last pattern a string failed (to say
 * where, should a full validator not be asked). Every schema node visited and every character a
 * pattern reads costs a step. Schemas come from remote sources, so a check must end in bounded time whatever
 * they say: references that branch at every level, or a pattern that backtracks exponentially,
 * exhaust the budget and the value is refused as not checkable instead of holding a core.
 */
final class Evaluation {

    /** Far above what any recorded event or tool call needs (EventSchemasAgreementTest checks them all within it). */
    static final long DEFAULT_STEPS = 5_000_000;

    private long remaining;
    private JsonNode missedText;
    private SchemaNode missedBy;

    Evaluation(long steps) {
        this.remaining = steps;
    }

    void patternMissed(JsonNode text, SchemaNode by) {
        missedText = text;
        missedBy = by;
    }

    /** The string that last failed a pattern (the node itself, to be found by identity), or null. */
    JsonNode missedText() {
        return missedText;
    }

    /** The schema whose pattern it failed. */
    SchemaNode missedBy() {
        return missedBy;
    }

    void spend() {
        if (--remaining < 0) {
            throw new Exhausted();
        }
    }

    /** The text as a pattern reads it, one step per character read (backtracking reads again). */
    CharSequence text(String text) {
        return new MeteredText(text, 0, text.length());
    }

    /** Thrown when the budget runs out; carries no stack trace (it is expected, and may be frequent under attack). */
    static final class Exhausted extends RuntimeException {

        Exhausted() {
            super("the check needs more steps than its budget", null, false, false);
        }
    }

    private final class MeteredText implements CharSequence {

        private final String text;
        private final int start;
        private final int end;

        MeteredText(String text, int start, int end) {
            this.text = text;
            this.start = start;
            this.end = end;
        }

        @Override
        public int length() {
            return end - start;
        }

        @Override
        public char charAt(int index) {
            spend();
            return text.charAt(start + index);
        }

        @Override
        public CharSequence subSequence(int from, int to) {
            return new MeteredText(text, start + from, start + to);
        }

        @Override
        public String toString() {
            return text.substring(start, end);
        }
    }
}
