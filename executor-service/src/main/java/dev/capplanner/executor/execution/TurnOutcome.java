package dev.capplanner.executor.execution;

import java.util.Locale;

/**
 * How a turn ended, as the chat backend reads it: {@code ARTIFACT} when the answer is a collection to
 * render once, selectable; {@code SELECTION_REQUIRED} when a step needs one of several rows the user
 * must choose.
 */
public enum TurnOutcome {
    ANSWERED, ARTIFACT, SELECTION_REQUIRED, INSUFFICIENT, DENIED, FAILED;

    /** Every call answered: the data is there, as a record or as a collection. */
    public boolean answers() {
        return this == ANSWERED || this == ARTIFACT;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
